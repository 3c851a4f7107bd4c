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

/** Whether `v` reads the local `name`. */
function reads(v: SparseValue, name: string): boolean {
  switch (v.op) {
    case "local":
      return v.name === name;
    case "const":
      return false;
    case "load":
      return reads(v.index, name);
    case "unary":
      return reads(v.x, name);
    default:
      return reads(v.a, name) || reads(v.b, name);
  }
}
/** Whether `v` loads from `buffer` (any buffer when undefined). */
function loadsFrom(v: SparseValue, buffer?: number): boolean {
  switch (v.op) {
    case "local":
    case "const":
      return false;
    case "load":
      return buffer === undefined || v.buffer === buffer || loadsFrom(v.index, buffer);
    case "unary":
      return loadsFrom(v.x, buffer);
    default:
      return loadsFrom(v.a, buffer) || loadsFrom(v.b, buffer);
  }
}
const hasLoad = (v: SparseValue): boolean => loadsFrom(v);
/** The locals a statement list sets (loop counters included), at any depth. */
function setIn(list: readonly SparseStmt[]): string[] {
  return list.flatMap((s): string[] => {
    switch (s.kind) {
      case "set":
        return [s.name];
      case "loop":
        return [s.counter, ...setIn(s.body)];
      case "merge":
        return [s.coord, ...s.iterators.map((i) => i.pos), ...s.cases.flatMap((c) => setIn(c.body))];
      case "if":
        return setIn(s.then);
      default:
        return [];
    }
  });
}

/** The generated module of a sparse kernel: bytes to compile, its listing, and the parallel extent. */
export interface WasmSparseKernel {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly text: string;
  readonly parallelExtent: number;
  /** Whether `run` takes its passes in chunks from a table (buffers…, table, start, end; start and end unused). */
  readonly chunked: boolean;
}

/**
 * Generates the Wasm of a sparse kernel.
 * @example const { bytes } = generateSparseWasm(lowerSparse(spmv).kernels[0], { shared: true, maxPages: 65536 })
 */
export function generateSparseWasm(k: SparseKernel, memory: { readonly shared: boolean; readonly maxPages: number }): WasmSparseKernel {
  const params: ValType[] = [...k.buffers.map((): ValType => "i32"), "i32", "i32"];
  // On a shared memory (a thread pool) the parallel loop's passes are taken in chunks from a table (below).
  const dynamic = memory.shared && k.parallelExtent > 0;
  const f = new FunctionBuilder(dynamic ? "rows" : "run", params);
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
      case "load": {
        const pointer = atCounter && v.index.op === "local" && v.index.name === atCounter.counter ? atCounter.pointers.get(v.buffer) : undefined;
        if (pointer !== undefined) f.get(pointer);
        else address(v.buffer, v.index);
        f.mem(v.type === "i32" ? "i32.load" : "f32.load", pointer !== undefined ? atCounter!.offset : 0);
        return;
      }
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
        if (blockedProduct(s)) return;
        const counter = index.get(s.counter)!;
        const pending = after.length;
        if (!vectorPart(s) && unrolledReduction(s)) {
          while (after.length > pending) after.pop()!();
          return;
        }
        const body = carriedLoads(s);
        f.block().loop();
        f.get(counter);
        value(s.to);
        f.op("i32.ge_s").brIf(1);
        stmts(body);
        f.get(counter).i32(1).op("i32.add").set(counter);
        f.br(0).end().end();
        while (after.length > pending) after.pop()!();
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
        // The first case whose iterators all sit on the coordinate: an if / else if chain. When the cases differ
        // only in the f32 values they store (a union's fill: a + b, a, b) or not at all (its count), and some case
        // runs at every coordinate (each iterator alone is a case), the body runs unconditionally and each such
        // value is the first matching case's, chosen by `select`: no unpredictable branch per entry.
        const cond = (c: (typeof s.cases)[number]): void => {
          if (c.requires.length === 0) f.i32(1);
          c.requires.forEach((r, n) => {
            f.get(coords[r]!).get(at).op("i32.eq");
            if (n > 0) f.op("i32.and");
          });
        };
        const shape = (body: readonly SparseStmt[]): string => JSON.stringify(body.map((t) => (t.kind === "store" && !t.accumulate && k.buffers[t.buffer]!.type === "f32" ? { ...t, value: null } : t)));
        const covered = s.cases.some((c) => c.requires.length === 0) || s.iterators.every((_, n) => s.cases.some((c) => c.requires.length === 1 && c.requires[0] === n));
        const uniform = covered && s.cases.every((c) => shape(c.body) === shape(s.cases[0]!.body));
        if (uniform) {
          s.cases[0]!.body.forEach((t, n) => {
            const values = s.cases.map((c) => (c.body[n] as typeof t & { value: SparseValue }).value);
            if (t.kind !== "store" || values.every((v) => JSON.stringify(v) === JSON.stringify(values[0]))) return stmt(t);
            // Chosen on the values' bits: V8 compiles an i32 select to a conditional move but an f32 select to a
            // branch, which a merge's data-dependent cases mispredict about every other entry.
            const chosen = scratch("i32");
            value(values.at(-1)!);
            f.op("i32.reinterpret_f32").set(chosen);
            for (let c = s.cases.length - 2; c >= 0; c--) {
              value(values[c]!);
              f.op("i32.reinterpret_f32").get(chosen);
              cond(s.cases[c]!);
              f.op("select").set(chosen);
            }
            address(t.buffer, t.index);
            f.get(chosen).mem("i32.store");
            release("i32", chosen);
          });
        } else {
          s.cases.forEach((c) => {
            cond(c);
            f.if();
            stmts(c.body);
            f.else();
          });
          for (let n = 0; n < s.cases.length; n++) f.end();
        }
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
      case "sort": {
        const [lo, hi] = [scratch("i32"), scratch("i32")];
        value(s.from);
        f.set(lo);
        value(s.to);
        f.set(hi);
        if (s.scratch === undefined) insertionSort(s.buffer, lo, hi);
        else mergeSort(s.buffer, s.scratch, lo, hi);
        release("i32", lo);
        release("i32", hi);
        return;
      }
    }
  };
  /** Insertion sort of the i32 entries [lo, hi) of `buffer` (locals): each entry moves down past the larger ones before it. */
  function insertionSort(buffer: number, lo: number, hi: number): void {
    const [i, p, x, y] = [scratch("i32"), scratch("i32"), scratch("i32"), scratch("i32")];
    const at = (local: number, minus = 0): void => {
      f.get(buffer).get(local);
      if (minus) f.i32(minus).op("i32.sub");
      f.i32(2).op("i32.shl").op("i32.add");
    };
    f.get(lo).i32(1).op("i32.add").set(i);
    f.block().loop();
    f.get(i).get(hi).op("i32.ge_s").brIf(1);
    at(i);
    f.mem("i32.load").set(x);
    f.get(i).set(p);
    f.block().loop();
    f.get(p).get(lo).op("i32.le_s").brIf(1);
    at(p, 1);
    f.mem("i32.load").set(y);
    f.get(y).get(x).op("i32.le_s").brIf(1);
    at(p);
    f.get(y).mem("i32.store");
    f.get(p).i32(1).op("i32.sub").set(p);
    f.br(0).end().end();
    at(p);
    f.get(x).mem("i32.store");
    f.get(i).i32(1).op("i32.add").set(i);
    f.br(0).end().end();
    for (const t of [i, p, x, y]) release("i32", t);
  }
  /**
   * Sorts [lo, hi) of `buffer` with `space` (a workspace at least as long) beside it: short lists by insertion;
   * longer ones in blocks of 8 by insertion, then merged bottom-up, blocks of 8, 16, 32… between the list and the
   * workspace. A merge step takes the lesser head by `select`, not a branch: the comparisons of random
   * coordinates are unpredictable, and SpGEMM's hundred-entry rows spent most of their fill on mispredictions.
   */
  function mergeSort(buffer: number, space: number, lo: number, hi: number): void {
    const BLOCK = 8;
    const l = (): number => scratch("i32");
    const [b, bEnd, src, dst, n, w, st, m, e, i, j, o, x, y, t] = [l(), l(), l(), l(), l(), l(), l(), l(), l(), l(), l(), l(), l(), l(), l()];
    f.get(hi).get(lo).op("i32.sub").i32(3 * BLOCK).op("i32.le_s");
    f.if();
    insertionSort(buffer, lo, hi);
    f.else();
    // Blocks of 8, each by insertion.
    f.get(lo).set(b);
    f.block().loop();
    f.get(b).get(hi).op("i32.ge_s").brIf(1);
    f.get(b).i32(BLOCK).op("i32.add").set(bEnd);
    f.get(bEnd).get(hi).get(bEnd).get(hi).op("i32.lt_s").op("select").set(bEnd);
    insertionSort(buffer, b, bEnd);
    f.get(bEnd).set(b);
    f.br(0).end().end();
    // Merge passes on byte offsets: runs of w bytes in src merged in pairs into dst, then the two swap.
    f.get(buffer).get(lo).i32(2).op("i32.shl").op("i32.add").set(src);
    f.get(space).set(dst);
    f.get(hi).get(lo).op("i32.sub").i32(2).op("i32.shl").set(n);
    f.i32(4 * BLOCK).set(w);
    const min = (a: number, bound: number, into: number): void => void f.get(a).get(bound).get(a).get(bound).op("i32.lt_s").op("select").set(into);
    const copyRest = (from: number, end: number): void => {
      f.block().loop();
      f.get(from).get(end).op("i32.ge_s").brIf(1);
      f.get(dst).get(o).op("i32.add").get(src).get(from).op("i32.add").mem("i32.load").mem("i32.store");
      f.get(from).i32(4).op("i32.add").set(from);
      f.get(o).i32(4).op("i32.add").set(o);
      f.br(0).end().end();
    };
    f.block().loop();
    f.get(w).get(n).op("i32.ge_s").brIf(1);
    f.i32(0).set(st);
    f.block().loop();
    f.get(st).get(n).op("i32.ge_s").brIf(1);
    f.get(st).get(w).op("i32.add").set(m);
    min(m, n, m);
    f.get(m).get(w).op("i32.add").set(e);
    min(e, n, e);
    f.get(st).set(i);
    f.get(m).set(j);
    f.get(st).set(o);
    f.block().loop();
    f.get(i).get(m).op("i32.lt_s").get(j).get(e).op("i32.lt_s").op("i32.and").op("i32.eqz").brIf(1);
    f.get(src).get(i).op("i32.add").mem("i32.load").set(x);
    f.get(src).get(j).op("i32.add").mem("i32.load").set(y);
    f.get(y).get(x).op("i32.lt_s").set(t);
    f.get(dst).get(o).op("i32.add").get(y).get(x).get(t).op("select").mem("i32.store");
    f.get(j).get(t).i32(2).op("i32.shl").op("i32.add").set(j);
    f.get(i).i32(4).get(t).i32(2).op("i32.shl").op("i32.sub").op("i32.add").set(i);
    f.get(o).i32(4).op("i32.add").set(o);
    f.br(0).end().end();
    copyRest(i, m);
    copyRest(j, e);
    f.get(e).set(st);
    f.br(0).end().end();
    f.get(src).set(t);
    f.get(dst).set(src);
    f.get(t).set(dst);
    f.get(w).i32(1).op("i32.shl").set(w);
    f.br(0).end().end();
    // The sorted list ended in the workspace: copy it back.
    f.get(src).get(space).op("i32.eq");
    f.if();
    f.get(buffer).get(lo).i32(2).op("i32.shl").op("i32.add").set(dst);
    f.i32(0).set(o);
    f.block().loop();
    f.get(o).get(n).op("i32.ge_s").brIf(1);
    f.get(dst).get(o).op("i32.add").get(src).get(o).op("i32.add").mem("i32.load").mem("i32.store");
    f.get(o).i32(4).op("i32.add").set(o);
    f.br(0).end().end();
    f.end();
    f.end();
    for (const r of [b, bEnd, src, dst, n, w, st, m, e, i, j, o, x, y, t]) release("i32", r);
  }
  /**
   * The inner dense loops of SpMM, MTTKRP and the output's zeroing, four coordinates at a time: a loop whose body
   * only stores f32 values at addresses `base + v` (v the loop's coordinate, base fixed in the loop), computed from
   * loads at such addresses and values fixed in the loop, runs as f32x4 while four coordinates remain; the
   * scalar loop that follows does the rest.
   */
  function vectorPart(s: Extract<SparseStmt, { kind: "loop" }>): boolean {
    if (s.parallel) return false;
    const first = s.body[0];
    const coordName = first?.kind === "set" && first.value.op === "local" && first.value.name === s.counter ? first.name : s.counter;
    const rest = coordName === s.counter ? s.body : s.body.slice(1);
    const varies = (v: SparseValue): boolean => {
      switch (v.op) {
        case "local":
          return v.name === coordName || v.name === s.counter;
        case "const":
          return false;
        case "load":
          return varies(v.index);
        case "unary":
          return varies(v.x);
        default:
          return varies(v.a) || varies(v.b);
      }
    };
    /** The base of an index `base + v` (undefined: not of that form). */
    const baseOf = (v: SparseValue): SparseValue | null | undefined => {
      if (v.op === "local" && (v.name === coordName || v.name === s.counter)) return null; // just v
      if (v.op === "int" && v.fn === "add") {
        if (v.b.op === "local" && (v.b.name === coordName || v.b.name === s.counter) && !varies(v.a)) return v.a;
        if (v.a.op === "local" && (v.a.name === coordName || v.a.name === s.counter) && !varies(v.b)) return v.b;
      }
      return undefined;
    };
    const vectorOps: Record<string, string> = { add: "f32x4.add", sub: "f32x4.sub", mul: "f32x4.mul", div: "f32x4.div", min: "f32x4.min", max: "f32x4.max", neg: "f32x4.neg", abs: "f32x4.abs", sqrt: "f32x4.sqrt" };
    const vectorizable = (v: SparseValue): boolean => {
      if (!varies(v)) return v.type === "f32";
      if (v.op === "load") return v.type === "f32" && baseOf(v.index) !== undefined;
      if (v.op === "unary" || v.op === "binary") return vectorOps[v.fn] !== undefined && (v.op === "unary" ? vectorizable(v.x) : vectorizable(v.a) && vectorizable(v.b));
      return false;
    };
    // A reduction `acc = acc + x` (SDDMM's k loop): four partial sums, added into acc after the vector loop.
    const only = rest.length === 1 ? rest[0] : undefined;
    const reduction =
      only?.kind === "set" && only.value.op === "binary" && only.value.fn === "add" && only.value.a.op === "local" && only.value.a.name === only.name && k.locals.get(only.name) === "f32" && vectorizable(only.value.b)
        ? { acc: only.name, term: only.value.b }
        : undefined;
    const ok = reduction !== undefined || (rest.length > 0 && rest.every((t) => t.kind === "store" && k.buffers[t.buffer]!.type === "f32" && baseOf(t.index) !== undefined && vectorizable(t.value)));
    if (!ok) return false;
    const counter = index.get(s.counter)!;
    const coordLocal = index.get(coordName)!;
    // Hoisted out of the vector loop: each (buffer, base) byte pointer, and each splat of a loop-invariant value.
    const pointers = new Map<string, number>();
    const splats = new Map<SparseValue, number>();
    const hoist = (v: SparseValue): void => {
      if (!varies(v)) {
        if (!splats.has(v)) {
          const l = f.local("v128");
          value(v);
          f.op("f32x4.splat").set(l);
          splats.set(v, l);
        }
      } else if (v.op === "load") pointerOf(v.buffer, v.index);
      else if (v.op === "unary") hoist(v.x);
      else if (v.op === "binary") [v.a, v.b].forEach(hoist);
    };
    const pointerOf = (buffer: number, at: SparseValue): number => {
      const base = baseOf(at)!;
      const key = `${buffer}:${base ? JSON.stringify(base) : ""}`;
      let l = pointers.get(key);
      if (l === undefined) {
        l = f.local("i32");
        f.get(buffer);
        if (base) {
          value(base);
          f.i32(2).op("i32.shl").op("i32.add");
        }
        f.set(l);
        pointers.set(key, l);
      }
      return l;
    };
    const vaddress = (buffer: number, at: SparseValue): void => {
      f.get(pointerOf(buffer, at)).get(coordLocal).i32(2).op("i32.shl").op("i32.add");
    };
    if (reduction) hoist(reduction.term);
    for (const t of reduction ? [] : rest) if (t.kind === "store") [pointerOf(t.buffer, t.index), hoist(t.value)];
    const vvalue = (v: SparseValue): void => {
      if (!varies(v)) {
        f.get(splats.get(v)!);
      } else if (v.op === "load") {
        vaddress(v.buffer, v.index);
        f.mem("v128.load", 0, 2);
      } else if (v.op === "unary") {
        vvalue(v.x);
        f.op(vectorOps[v.fn]!);
      } else if (v.op === "binary") {
        vvalue(v.a);
        vvalue(v.b);
        f.op(vectorOps[v.fn]!);
      }
    };
    const partial = reduction ? f.local("v128") : -1;
    if (reduction) f.f32(0).op("f32x4.splat").set(partial);
    f.block().loop();
    f.get(counter).i32(4).op("i32.add");
    value(s.to);
    f.op("i32.gt_s").brIf(1);
    if (coordLocal !== counter) f.get(counter).set(coordLocal);
    if (reduction) {
      f.get(partial);
      vvalue(reduction.term);
      f.op("f32x4.add").set(partial);
    }
    for (const t of reduction ? [] : rest) {
      if (t.kind !== "store") continue;
      const addr = scratch("i32");
      vaddress(t.buffer, t.index);
      f.set(addr);
      f.get(addr);
      if (t.accumulate) f.get(addr).mem("v128.load", 0, 2);
      vvalue(t.value);
      if (t.accumulate) f.op("f32x4.add");
      f.mem("v128.store", 0, 2);
      release("i32", addr);
    }
    f.get(counter).i32(4).op("i32.add").set(counter);
    f.br(0).end().end();
    if (reduction) {
      const acc = index.get(reduction.acc)!;
      f.get(acc);
      for (let lane = 0; lane < 4; lane++) f.get(partial).lane("f32x4.extract_lane", lane).op("f32.add");
      f.set(acc);
    }
    return true;
  }

  /**
   * A reduction loop `… acc = acc + term` over a sparse range (SpMV's row): four passes per trip, alternating
   * between acc and a second accumulator so that two chains of f32 additions overlap. Each buffer the body
   * loads at the loop's counter itself (a row's idx and values) is read through a byte pointer set once per trip,
   * pass j at the constant offset 4j (an addressing-mode immediate, not a shift and add per load), the pointers
   * moving 16 bytes a trip; the counter still steps once per pass, so any other use of it sees its value. The
   * last 0 to 3 passes run straight (nested ifs on the counter, the same pointers and offsets), not as a loop,
   * and the second sum is added into acc after them. Applies when the body only sets locals and acc is read
   * nowhere else in it; returns whether it emitted the loop.
   */
  function unrolledReduction(s: Extract<SparseStmt, { kind: "loop" }>): boolean {
    if (s.parallel) return false;
    const last = s.body.at(-1);
    if (last?.kind !== "set" || k.locals.get(last.name) !== "f32") return false;
    const acc = last.name;
    const v = last.value;
    if (v.op !== "binary" || v.fn !== "add" || v.a.op !== "local" || v.a.name !== acc || reads(v.b, acc)) return false;
    const pre = s.body.slice(0, -1);
    if (!pre.every((t) => t.kind === "set" && t.name !== acc && t.name !== s.counter && !reads(t.value, acc))) return false;
    const UNROLL = 4;
    const counter = index.get(s.counter)!;
    const first = index.get(acc)!;
    const second = f.local("f32");
    // One pointer per buffer loaded at the counter, set at the top of each trip.
    const buffers = new Set<number>();
    const collect = (x: SparseValue): void => {
      if (x.op === "load" && x.index.op === "local" && x.index.name === s.counter) buffers.add(x.buffer);
      if (x.op === "load") collect(x.index);
      else if (x.op === "unary") collect(x.x);
      else if (x.op === "binary" || x.op === "int") [x.a, x.b].forEach(collect);
    };
    for (const t of s.body) if (t.kind === "set") collect(t.value);
    const pointers = new Map([...buffers].map((b) => [b, f.local("i32")]));
    f.f32(0).set(second);
    f.block().loop();
    f.get(counter).i32(UNROLL - 1).op("i32.add");
    value(s.to);
    f.op("i32.ge_s").brIf(1);
    for (const [b, p] of pointers) f.get(b).get(counter).i32(2).op("i32.shl").op("i32.add").set(p);
    for (let pass = 0; pass < UNROLL; pass++) {
      atCounter = { counter: s.counter, pointers, offset: 4 * pass };
      index.set(acc, pass % 2 ? second : first);
      stmts(s.body);
      f.get(counter).i32(1).op("i32.add").set(counter);
    }
    f.br(0).end().end();
    // The passes left (fewer than UNROLL): each runs if the one before it ran and the counter is still short.
    for (const [b, p] of pointers) f.get(b).get(counter).i32(2).op("i32.shl").op("i32.add").set(p);
    for (let pass = 0; pass < UNROLL - 1; pass++) {
      f.get(counter);
      value(s.to);
      f.op("i32.lt_s").if();
      atCounter = { counter: s.counter, pointers, offset: 4 * pass };
      index.set(acc, pass % 2 ? second : first);
      stmts(s.body);
      f.get(counter).i32(1).op("i32.add").set(counter);
    }
    for (let pass = 0; pass < UNROLL - 1; pass++) f.end();
    atCounter = undefined;
    index.set(acc, first);
    after.push(() => void f.get(first).get(second).op("f32.add").set(first));
    return true;
  }
  /**
   * A loop whose body sets `a = B[c]` and `b = B[c + 1]` (c the counter or a local set to it at the top of the
   * body, B stored nowhere in the loop) takes B[c] from the previous trip's B[c + 1] (a CSR row starts where the
   * previous one ends): B[c] is loaded once before the loop (when it runs at all) into a carried local, `a` is
   * set from it, and `b` is copied into it. Returns the body to emit (the loop's own unchanged if not of that form).
   */
  function carriedLoads(s: Extract<SparseStmt, { kind: "loop" }>): readonly SparseStmt[] {
    const top = s.body[0];
    const c = top?.kind === "set" && top.value.op === "local" && top.value.name === s.counter ? top.name : s.counter;
    const setsOf = setIn(s.body);
    if (setsOf.filter((n) => n === c).length > (c === s.counter ? 0 : 1)) return s.body;
    const isC = (v: SparseValue): boolean => v.op === "local" && v.name === c;
    const isCPlus1 = (v: SparseValue): boolean => v.op === "int" && v.fn === "add" && ((isC(v.a) && v.b.op === "const" && v.b.value === 1) || (isC(v.b) && v.a.op === "const" && v.a.value === 1));
    const stores = (list: readonly SparseStmt[]): number[] =>
      list.flatMap((t): number[] => (t.kind === "store" || t.kind === "sort" ? [t.buffer] : t.kind === "loop" ? stores(t.body) : t.kind === "if" ? stores(t.then) : t.kind === "merge" ? t.cases.flatMap((x) => stores(x.body)) : []));
    const written = new Set(stores(s.body));
    const loadSet = (t: SparseStmt, at: (v: SparseValue) => boolean) => t.kind === "set" && k.locals.get(t.name) === "i32" && t.value.op === "load" && !written.has(t.value.buffer) && at(t.value.index);
    let body = s.body;
    for (const a of s.body) {
      if (!loadSet(a, isC) || a.kind !== "set" || a.value.op !== "load") continue;
      const buffer = a.value.buffer;
      const b = s.body.find((t) => loadSet(t, isCPlus1) && t.kind === "set" && t.value.op === "load" && t.value.buffer === buffer);
      if (b?.kind !== "set" || setsOf.filter((n) => n === b.name).length !== 1) continue;
      const carried = `${b.name}_carried`;
      index.set(carried, f.local("i32"));
      f.get(index.get(s.counter)!);
      value(s.to);
      f.op("i32.lt_s").if();
      value({ op: "load", type: "i32", buffer, index: { op: "local", type: "i32", name: s.counter } });
      f.set(index.get(carried)!).end();
      body = body.flatMap((t): SparseStmt[] => (t === a ? [{ kind: "set", name: a.name, value: { op: "local", type: "i32", name: carried } }] : t === b ? [t, { kind: "set", name: carried, value: { op: "local", type: "i32", name: b.name } }] : [t]));
    }
    return body;
  }
  /** While an unrolled reduction emits its passes: loads at `counter` read `pointers` at `offset` instead. */
  let atCounter: { readonly counter: string; readonly pointers: ReadonlyMap<number, number>; readonly offset: number } | undefined;
  /** What to emit after an unrolled loop and its last passes (the second accumulator's sum). */
  const after: (() => void)[] = [];

  /**
   * SpMM's nest (a loop over a row's entries whose last statement is a dense loop of constant extent K that
   * accumulates into `out[base + k]`, base fixed across the row): the dense loop runs in registers. For each
   * block of up to 8 × 4 coordinates of k, eight f32x4 accumulators are loaded from the output, the row's entries
   * are walked once adding `value` (v128 loads at constant offsets from one pointer per entry), and the
   * accumulators are stored once — not a load and store of the output per entry. The K mod 4 coordinates left
   * run in the scalar form. Returns false (nothing emitted) when the nest is not of that form.
   */
  function blockedProduct(s: Extract<SparseStmt, { kind: "loop" }>): boolean {
    const inner = s.body.at(-1);
    if (s.parallel || inner?.kind !== "loop" || inner.parallel || inner.to.op !== "const" || inner.to.value < 4 || inner.to.value > 4096) return false;
    const K = inner.to.value;
    const pre = s.body.slice(0, -1);
    const init = pre.findIndex((t) => t.kind === "set" && t.name === inner.counter && t.value.op === "const" && t.value.value === 0);
    if (init < 0 || !pre.every((t) => t.kind === "set")) return false;
    const head = inner.body[0];
    const kName = head?.kind === "set" && head.value.op === "local" && head.value.name === inner.counter ? head.name : inner.counter;
    const rest = kName === inner.counter ? inner.body : inner.body.slice(1);
    const st = rest[0];
    if (rest.length !== 1 || st?.kind !== "store" || !st.accumulate || k.buffers[st.buffer]!.type !== "f32") return false;
    const isK = (v: SparseValue): boolean => v.op === "local" && (v.name === kName || v.name === inner.counter);
    const variesK = (v: SparseValue): boolean => reads(v, kName) || reads(v, inner.counter);
    /** The base of `base + k` (null: just k; undefined: not of that form). */
    const baseOf = (v: SparseValue): SparseValue | null | undefined => {
      if (isK(v)) return null;
      if (v.op === "int" && v.fn === "add") {
        if (isK(v.b) && !variesK(v.a)) return v.a;
        if (isK(v.a) && !variesK(v.b)) return v.b;
      }
      return undefined;
    };
    const outBase = baseOf(st.index);
    const changing = new Set([s.counter, ...setIn(s.body)]);
    if (outBase === undefined || (outBase && (hasLoad(outBase) || [...changing].some((n) => reads(outBase, n))))) return false;
    const vectorOps: Record<string, string> = { add: "f32x4.add", sub: "f32x4.sub", mul: "f32x4.mul", div: "f32x4.div", min: "f32x4.min", max: "f32x4.max", neg: "f32x4.neg", abs: "f32x4.abs", sqrt: "f32x4.sqrt" };
    const ok = (v: SparseValue): boolean => {
      if (v.op === "load" && v.buffer === st.buffer) return false;
      if (!variesK(v)) return v.type === "f32" && !loadsFrom(v, st.buffer);
      if (v.op === "load") return v.type === "f32" && baseOf(v.index) !== undefined;
      if (v.op === "unary") return vectorOps[v.fn] !== undefined && ok(v.x);
      if (v.op === "binary") return vectorOps[v.fn] !== undefined && ok(v.a) && ok(v.b);
      return false;
    };
    if (!ok(st.value)) return false;

    const counter = index.get(s.counter)!;
    const saved = f.local("i32");
    const out = f.local("i32");
    f.get(counter).set(saved);
    f.get(st.buffer);
    if (outBase) {
      value(outBase);
      f.i32(2).op("i32.shl").op("i32.add");
    }
    f.set(out);
    const vectors = Math.floor(K / 4);
    const accs = Array.from({ length: Math.min(8, vectors) }, () => f.local("v128"));
    // Per entry: one pointer per loaded (buffer, base), one splat per value fixed in k.
    const pointers = new Map<string, number>();
    const splats = new Map<SparseValue, number>();
    const prepare = (v: SparseValue): void => {
      if (!variesK(v)) {
        if (!splats.has(v)) splats.set(v, f.local("v128"));
        value(v);
        f.op("f32x4.splat").set(splats.get(v)!);
      } else if (v.op === "load") {
        const base = baseOf(v.index)!;
        const key = `${v.buffer}:${base ? JSON.stringify(base) : ""}`;
        if (pointers.has(key)) return;
        const l = f.local("i32");
        pointers.set(key, l);
        f.get(v.buffer);
        if (base) {
          value(base);
          f.i32(2).op("i32.shl").op("i32.add");
        }
        f.set(l);
      } else if (v.op === "unary") prepare(v.x);
      else if (v.op === "binary") [v.a, v.b].forEach(prepare);
    };
    const vvalue = (v: SparseValue, offset: number): void => {
      if (!variesK(v)) f.get(splats.get(v)!);
      else if (v.op === "load") {
        const base = baseOf(v.index)!;
        f.get(pointers.get(`${v.buffer}:${base ? JSON.stringify(base) : ""}`)!).mem("v128.load", offset, 2);
      } else if (v.op === "unary") {
        vvalue(v.x, offset);
        f.op(vectorOps[v.fn]!);
      } else if (v.op === "binary") {
        vvalue(v.a, offset);
        vvalue(v.b, offset);
        f.op(vectorOps[v.fn]!);
      }
    };
    for (let from = 0; from < vectors; from += accs.length) {
      const n = Math.min(accs.length, vectors - from);
      for (let j = 0; j < n; j++) f.get(out).mem("v128.load", 16 * (from + j), 2).set(accs[j]!);
      f.get(saved).set(counter);
      f.block().loop();
      f.get(counter);
      value(s.to);
      f.op("i32.ge_s").brIf(1);
      stmts(pre.filter((_, m) => m !== init));
      pointers.clear();
      prepare(st.value);
      for (let j = 0; j < n; j++) {
        f.get(accs[j]!);
        vvalue(st.value, 16 * (from + j));
        f.op("f32x4.add").set(accs[j]!);
      }
      f.get(counter).i32(1).op("i32.add").set(counter);
      f.br(0).end().end();
      for (let j = 0; j < n; j++) f.get(out).get(accs[j]!).mem("v128.store", 16 * (from + j), 2);
    }
    if (K % 4) {
      // The coordinates past the last whole vector: the scalar nest, its k loop starting there.
      f.get(saved).set(counter);
      const tail = pre.map((t, m) => (m === init ? { ...t, value: { op: "const" as const, type: "i32" as const, value: vectors * 4 } } : t));
      const ctr = index.get(s.counter)!;
      f.block().loop();
      f.get(ctr);
      value(s.to);
      f.op("i32.ge_s").brIf(1);
      stmts([...tail, inner]);
      f.get(ctr).i32(1).op("i32.add").set(ctr);
      f.br(0).end().end();
    }
    return true;
  }

  stmts(k.body);
  const m = new ModuleBuilder(memory);
  if (!dynamic) m.add(f, true);
  else {
    // run(buffers…, table, start, end): while chunks are left, take the next (an atomic add on table[0]) and run
    // its passes [table[3 + c], table[4 + c]), then count it finished (an atomic add on table[2]); table[1] is the
    // number of chunks. Each thread calls it: a thread the system delays leaves its share to the others (the
    // machine may be shared), and the caller returns once every chunk is finished, not waiting for that thread.
    const g = new FunctionBuilder("run", [...k.buffers.map((): ValType => "i32"), "i32", "i32", "i32"]);
    const table = k.buffers.length;
    const c = g.local("i32");
    g.block().loop();
    g.get(table).i32(1).mem("i32.atomic.rmw.add").set(c);
    g.get(c).get(table).mem("i32.load", 4).op("i32.ge_s").brIf(1);
    k.buffers.forEach((_, n) => g.get(n));
    g.get(table).get(c).i32(2).op("i32.shl").op("i32.add").mem("i32.load", 12);
    g.get(table).get(c).i32(2).op("i32.shl").op("i32.add").mem("i32.load", 16);
    g.call(f);
    g.get(table).i32(1).mem("i32.atomic.rmw.add", 8).op("drop");
    g.br(0).end().end();
    m.add(g, true);
  }
  return { bytes: m.bytes(), get text() { return m.text(); }, parallelExtent: k.parallelExtent, chunked: dynamic }; // the listing only when explain() asks
}
