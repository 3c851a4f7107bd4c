// Layer: src/backend/cpu. The Wasm generator of the sparse kernel IR (src/backend/kernel/sparse/ir.ts): one
// function `run(buffer addresses…, start, end)` whose locals are the IR's; a `loop` becomes block/loop with a
// bound test, a `merge` a loop that loads each iterator's coordinate once, takes their minimum, runs the first
// case whose iterators sit on it (an if/else chain) and advances those iterators; loads and stores address
// the buffers' byte bases. The parallel outermost loop runs over [start, end), so the thread pool splits it
// like a dense kernel's. f32 functions are the ones Wasm has as instructions; any other is refused with a
// sentence naming it (SparseDeviceError). Imports the kernel IR and this folder's module writer.
import { SparseDeviceError, type SparseKernel, type SparseStmt, type SparseValue } from "../../kernel/sparse/ir.js";
import { FunctionBuilder, ModuleBuilder, type ValType } from "./module.js";


const unaryOps: Partial<Record<string, string>> = { neg: "f32.neg", abs: "f32.abs", sqrt: "f32.sqrt", floor: "f32.floor", ceil: "f32.ceil", round: "f32.nearest" };
const binaryOps: Partial<Record<string, string>> = { add: "f32.add", sub: "f32.sub", mul: "f32.mul", div: "f32.div", min: "f32.min", max: "f32.max" };

/** The generated module of a sparse kernel: bytes to compile, its listing, and the parallel extent. */
export interface WasmSparseKernel {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly text: string;
  readonly parallelExtent: number;
}

/**
 * Generates the Wasm of a sparse kernel.
 * @example const { bytes } = generateSparseWasm(lowerSparse(spmv).kernels[0], { shared: true, maxPages: 65536 })
 */
export function generateSparseWasm(k: SparseKernel, memory: { readonly shared: boolean; readonly maxPages: number }): WasmSparseKernel {
  const params: ValType[] = [...k.buffers.map((): ValType => "i32"), "i32", "i32"];
  const f = new FunctionBuilder("run", params);
  const index = new Map<string, number>();
  index.set("start", k.buffers.length);
  index.set("end", k.buffers.length + 1);
  for (const [name, type] of k.locals) if (!index.has(name)) index.set(name, f.local(type));
  const temp = { i32: [] as number[], f32: [] as number[] };
  const scratch = (type: "i32" | "f32"): number => {
    const t = temp[type].pop();
    return t ?? f.local(type);
  };
  const release = (type: "i32" | "f32", t: number): void => void temp[type].push(t);

  const address = (buffer: number, at: SparseValue): void => {
    f.get(buffer);
    value(at);
    f.i32(2).op("i32.shl").op("i32.add");
  };
  const value = (v: SparseValue): void => {
    switch (v.op) {
      case "const":
        if (v.type === "i32") f.i32(v.value);
        else f.f32(v.value);
        return;
      case "local":
        f.get(index.get(v.name)!);
        return;
      case "load":
        address(v.buffer, v.index);
        f.mem(v.type === "i32" ? "i32.load" : "f32.load");
        return;
      case "unary": {
        const op = unaryOps[v.fn];
        if (!op) throw new SparseDeviceError(`its Wasm generator has no form of ${v.fn} yet`);
        value(v.x);
        f.op(op);
        return;
      }
      case "binary": {
        const op = binaryOps[v.fn];
        if (!op) throw new SparseDeviceError(`its Wasm generator has no form of ${v.fn} yet`);
        value(v.a);
        value(v.b);
        f.op(op);
        return;
      }
      case "int": {
        if (v.fn === "min") {
          const [a, b] = [scratch("i32"), scratch("i32")];
          value(v.a);
          f.set(a);
          value(v.b);
          f.set(b);
          f.get(a).get(b).get(a).get(b).op("i32.lt_s").op("select");
          release("i32", a);
          release("i32", b);
          return;
        }
        value(v.a);
        value(v.b);
        f.op({ add: "i32.add", mul: "i32.mul", lt: "i32.lt_s", eq: "i32.eq", and: "i32.and" }[v.fn]);
        return;
      }
    }
  };

  const stmts = (list: readonly SparseStmt[]): void => {
    for (const s of list) stmt(s);
  };
  const stmt = (s: SparseStmt): void => {
    switch (s.kind) {
      case "set":
        value(s.value);
        f.set(index.get(s.name)!);
        return;
      case "loop": {
        const counter = index.get(s.counter)!;
        f.block().loop();
        f.get(counter);
        value(s.to);
        f.op("i32.ge_s").brIf(1);
        stmts(s.body);
        f.get(counter).i32(1).op("i32.add").set(counter);
        f.br(0).end().end();
        return;
      }
      case "merge": {
        const coords = s.iterators.map(() => scratch("i32"));
        const at = index.get(s.coord)!;
        f.block().loop();
        s.iterators.forEach((it, n) => {
          f.get(index.get(it.pos)!);
          value(it.end);
          f.op("i32.lt_s");
          if (n > 0) f.op("i32.and");
        });
        f.op("i32.eqz").brIf(1);
        s.iterators.forEach((it, n) => {
          value(it.coord);
          f.set(coords[n]!);
        });
        f.get(coords[0]!).set(at);
        for (const c of coords.slice(1)) f.get(c).get(at).get(c).get(at).op("i32.lt_s").op("select").set(at);
        // The first case whose iterators all sit on the coordinate: an if / else if chain.
        s.cases.forEach((c) => {
          if (c.requires.length === 0) f.i32(1);
          c.requires.forEach((r, n) => {
            f.get(coords[r]!).get(at).op("i32.eq");
            if (n > 0) f.op("i32.and");
          });
          f.if();
          stmts(c.body);
          f.else();
        });
        for (let n = 0; n < s.cases.length; n++) f.end();
        s.iterators.forEach((it, n) => {
          const pos = index.get(it.pos)!;
          f.get(pos).get(coords[n]!).get(at).op("i32.eq").op("i32.add").set(pos);
        });
        f.br(0).end().end();
        for (const c of coords) release("i32", c);
        return;
      }
      case "if":
        value(s.cond);
        f.if();
        stmts(s.then);
        f.end();
        return;
      case "store": {
        const type = k.buffers[s.buffer]!.type;
        if (!s.accumulate) {
          address(s.buffer, s.index);
          value(s.value);
          f.mem(type === "i32" ? "i32.store" : "f32.store");
          return;
        }
        const addr = scratch("i32");
        address(s.buffer, s.index);
        f.set(addr);
        f.get(addr).get(addr).mem(type === "i32" ? "i32.load" : "f32.load");
        value(s.value);
        f.op(type === "i32" ? "i32.add" : "f32.add").mem(type === "i32" ? "i32.store" : "f32.store");
        release("i32", addr);
        return;
      }
    }
  };
  stmts(k.body);
  const m = new ModuleBuilder(memory);
  m.add(f, true);
  return { bytes: m.bytes(), text: m.text(), parallelExtent: k.parallelExtent };
}
