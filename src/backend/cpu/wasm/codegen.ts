// Layer: src/backend/cpu. Kernel IR -> a WebAssembly module with one function
//   run(out, in0 … inN, out1 … outK, p0 … pM, start, end)     (out1 … outK: a kernel's further outputs, ir.ts moreOutputs)
// that computes the kernel's outer loop points start ≤ i < end of its parallel loop (threads split that range).
// It receives scheduled kernels (loops collapsed, reciprocals hoisted, phases stashed, contractions marked: lower.ts); the innermost store loop and each reduction's innermost
// loop use 4-lane SIMD when every access along them is unit-stride or invariant (reductions keep four
// vector accumulators); loop-invariant work is hoisted out of every loop. Contractions get their own tiled
// template (gemm.ts). Imports the kernel IR, the Wasm writer, the expression emitter.
import { type IndexExpr, idxVar, substitute } from "../../../graph/index-expr.js";
import { reduceIdentity } from "../../kernel/alu.js";
import { type Expr, type Kernel, type LoopVar, type Phase, type ReduceFn, type ScalarType, kernelExprs, moreOutputs, onlineExprs } from "../../kernel/ir.js";
import { type EmitContext, WasmExprEmitter, vectorizable } from "./emit-expr.js";
import { generateGemm, scratchBytes } from "./gemm.js";
import { FunctionBuilder, ModuleBuilder, type ValType } from "./module.js";
import { onlineBody, onlineRows, onlineScratchBytes, zeroAcross } from "./online.js";
import { outerLaneLoop, outerLanes } from "./outer-lanes.js";
import { peel } from "../../kernel/peel.js";

export interface WasmKernel {
  readonly bytes: Uint8Array<ArrayBuffer>;
  /** The WAT-like listing of the generated function. */
  readonly text: string;
  /** The extent of the loop split across threads (1 when the kernel is not split). */
  readonly parallelExtent: number;
  /** Gathered dims by error id (the heap's status words name the id). */
  readonly dynamicLoads: readonly { readonly dim: string; readonly limit: number }[];
  /** Per-thread scratch bytes (contractions pack their operands there); `run` then takes it before start. */
  readonly scratchBytes: number;
}

const wasmType = (t: ScalarType): ValType => (t === "f32" ? "f32" : "i32");
const elementBytes = (t: ScalarType): number => (t === "bool" ? 1 : 4);

export class Generator {
  readonly f: FunctionBuilder;
  readonly em: WasmExprEmitter;
  readonly vars = new Map<string, number>();
  readonly reduced: number[] = [];
  /** The buffer the store loops write, its index and the inner loops: the output's, or a further one's (withOutput). */
  out: number;
  outIndex: Expr;
  inner: readonly LoopVar[];
  readonly start: number;
  readonly end: number;
  readonly parallel: number;
  /** The scratch parameter (a per-thread tile buffer, online-softmax.ts's tiled form), or −1 when none. */
  readonly scratch: number;
  /** The pointer parameters of the further outputs (ir.ts moreOutputs), in order. */
  readonly more: readonly number[];

  constructor(readonly k: Kernel) {
    const scratch = onlineScratchBytes(k) > 0;
    const more = moreOutputs(k);
    const params: ValType[] = ["i32", ...k.inputs.map(() => "i32" as const), ...more.map(() => "i32" as const), ...k.params.map(wasmType), ...(scratch ? ["i32" as const] : []), "i32", "i32"];
    this.f = new FunctionBuilder("run", params);
    this.scratch = scratch ? params.length - 3 : -1;
    this.out = 0;
    const inputPtr = k.inputs.map((_, i) => 1 + i);
    this.more = more.map((_, i) => 1 + k.inputs.length + i);
    const paramLocals = k.params.map((_, i) => 1 + k.inputs.length + more.length + i);
    this.start = params.length - 2;
    this.end = params.length - 1;
    this.outIndex = { op: "idx", type: "i32", index: k.output.index };
    this.inner = k.inner;
    const ctx: EmitContext = { inputPtr, params: paramLocals, vars: this.vars, reduced: this.reduced, output: { ptr: this.out, index: this.outIndex as Expr & { op: "idx" } } };
    this.em = new WasmExprEmitter(this.f, k, ctx);
    this.parallel = k.outer.findIndex((v) => v.extent > 1);
    const online = k.online ? [...k.online.vars, ...k.online.phases.flatMap((p) => p.vars), ...(k.online.accumulations ?? []).flatMap((a) => a.inner)] : [];
    for (const v of [...k.outer, ...k.inner, ...k.phases.flatMap((p) => p.vars), ...online]) this.vars.set(v.name, this.f.local("i32"));
  }

  generate(): void {
    this.outerLoop(0, new Set());
  }

  /**
   * Runs emit with the store loops (store, storeLoop, innerLoop, `stashed` reads) aimed at a further output of the
   * kernel (ir.ts Accumulation): the buffer at pointer parameter `ptr`, its index and its inner loops.
   */
  withOutput(ptr: number, index: IndexExpr, inner: readonly LoopVar[], emit: () => void): void {
    const ctx = this.em.ctx as { output?: EmitContext["output"] };
    const saved = { out: this.out, outIndex: this.outIndex, inner: this.inner, output: ctx.output };
    this.out = ptr;
    this.outIndex = { op: "idx", type: "i32", index };
    this.inner = inner;
    ctx.output = { ptr, index: this.outIndex as Expr & { op: "idx" } };
    try {
      emit();
    } finally {
      Object.assign(this, { out: saved.out, outIndex: saved.outIndex, inner: saved.inner });
      ctx.output = saved.output;
    }
  }

  /** `for (v = lo; v < hi; v += step) body()`, with lo and hi pushed by the callbacks. */
  forLoop(v: number, lo: () => void, hi: () => void, step: number, body: () => void): void {
    const f = this.f;
    lo();
    f.set(v).block().loop();
    f.get(v);
    if (step > 1) f.i32(step - 1).op("i32.add");
    hi();
    f.op("i32.ge_s").brIf(1);
    body();
    f.get(v).i32(step).op("i32.add").set(v).br(0).end().end();
  }

  /** Everything evaluated inside loops at or below the given level. */
  allExprs(): Expr[] {
    return [...kernelExprs(this.k), ...onlineExprs(this.k), this.outIndex];
  }

  outerLoop(i: number, bound: Set<string>): void {
    const k = this.k;
    if (i === k.outer.length) return this.body(bound);
    const v = k.outer[i]!;
    const local = this.vars.get(v.name)!;
    const inner = new Set([...bound, v.name]);
    if (i !== this.parallel && v.extent === 1) {
      this.f.i32(0).set(local);
      return this.outerLoop(i + 1, inner);
    }
    const [lo, hi] =
      i === this.parallel ? [() => void this.f.get(this.start), () => void this.f.get(this.end)] : [() => void this.f.i32(0), () => void this.f.i32(v.extent)];
    if (k.online && i === k.outer.length - 1) return onlineRows(this, k.online, v, lo, hi, bound);
    if (i === k.outer.length - 1 && outerLanes(this, v)) return outerLaneLoop(this, v, lo, hi, bound);
    if (i === k.outer.length - 1 && k.phases.length === 0 && k.inner.length === 0 && k.mode.kind === "map") {
      return this.storeLoop(v, lo, hi, bound);
    }
    this.em.hoist(this.allExprs(), bound, undefined, false);
    this.forLoop(local, lo, hi, 1, () => {
      this.em.enterScope();
      this.outerLoop(i + 1, inner);
      this.em.exitScope();
    });
  }

  body(bound: Set<string>): void {
    const k = this.k;
    if (k.online) {
      // (the last outer loop has one point here: its sums across the rows start at its one row)
      zeroAcross(this, k.online, bound);
      return onlineBody(this, k.online, bound);
    }
    const scope = new Set(bound);
    k.phases.forEach((p, i) => {
      this.phase(p, i, scope);
      scope.add(`%${i}`);
    });
    if (k.mode.kind === "scan") return this.scan(k.mode.fn, scope);
    if (k.inner.length === 0) {
      this.em.hoist([k.value, this.outIndex], scope, undefined, false);
      return this.store(() => this.em.scalar(k.value));
    }
    this.innerLoop(0, scope);
  }

  /** The store loops over the inner vars from j on, storing `value` (the kernel's, unless a template's own). */
  innerLoop(j: number, bound: Set<string>, value: Expr = this.k.value): void {
    const v = this.inner[j]!;
    const [lo, hi] = [() => void this.f.i32(0), () => void this.f.i32(v.extent)];
    if (j === this.inner.length - 1) return this.storeLoop(v, lo, hi, bound, value);
    this.em.hoist([value, this.outIndex], bound, undefined, false);
    this.forLoop(this.vars.get(v.name)!, lo, hi, 1, () => {
      this.em.enterScope();
      this.innerLoop(j + 1, new Set([...bound, v.name]), value);
      this.em.exitScope();
    });
  }

  /** Stores the value at the output index (scalar); the value is pushed by `value`. */
  store(value: () => void): void {
    const t = this.k.output.type;
    this.em.address(this.out, t, () => this.em.scalar(this.outIndex));
    value();
    this.f.mem(t === "f32" ? "f32.store" : t === "i32" ? "i32.store" : "i32.store8");
  }

  /** The innermost store loop over v: 4 lanes at a time when possible, then the scalar remainder. */
  storeLoop(v: LoopVar, lo: () => void, hi: () => void, bound: Set<string>, value: Expr = this.k.value): void {
    const k = this.k;
    const local = this.vars.get(v.name)!;
    const split = this.em.split(this.outIndex as Expr & { index: never }, v.name);
    const vector =
      v.extent >= 8 && k.output.type !== "bool" && split !== null && split.coef === 1 && vectorizable(this.em, [value], v.name);
    this.em.hoist([value, this.outIndex], bound, v.name, vector);
    const f = this.f;
    if (vector) {
      // Two vectors per iteration (more independent work for the CPU to overlap), then one, then scalars.
      const one = (): void => {
        this.em.address(this.out, k.output.type, () => {
          this.em.scalar(split.base);
          f.get(local).op("i32.add");
        });
        this.em.vector(value, v.name);
        f.mem("v128.store", 0, 2);
      };
      this.forLoop(local, lo, hi, 8, () => {
        one();
        f.get(local).i32(4).op("i32.add").set(local);
        one();
        f.get(local).i32(4).op("i32.sub").set(local);
      });
      this.forLoop(local, () => void f.get(local), hi, 4, one);
      this.forLoop(local, () => void f.get(local), hi, 1, () => this.store(() => this.em.scalar(value)));
      return;
    }
    const middle = !vector && v.extent >= 8 && split?.coef === 1 ? peel(value, v.name) : undefined;
    if (middle && vectorizable(this.em, [middle.inside], v.name)) {
      // A pad's checks along v: scalar borders, the middle 4 lanes wide without them (kernel/peel.ts).
      const [from, to] = [f.local("i32"), f.local("i32")];
      /** at = the larger ("i32.gt_s") or smaller of at and the value `push` pushes. */
      const clamp = (push: () => void, op: "i32.gt_s" | "i32.lt_s", at: number): void => {
        const b = f.local("i32");
        push();
        f.tee(b).get(at).get(b).get(at).op(op).op("select").set(at);
      };
      lo();
      f.set(from);
      for (const b of middle.lower) clamp(() => this.em.index(b), "i32.gt_s", from);
      hi();
      f.set(to);
      for (const b of middle.upper) clamp(() => this.em.index(b), "i32.lt_s", to);
      clamp(() => void f.get(from), "i32.gt_s", to);
      this.forLoop(local, lo, () => void f.get(from), 1, () => this.store(() => this.em.scalar(value)));
      this.storeLoop(v, () => void f.get(from), () => void f.get(to), bound, middle.inside);
      this.forLoop(local, () => void f.get(to), hi, 1, () => this.store(() => this.em.scalar(value)));
      return;
    }
    this.forLoop(local, lo, hi, 1, () => this.store(() => this.em.scalar(value)));
  }

  /** A reduction phase; its result goes to a new local. */
  phase(p: Phase, index: number, bound: Set<string>): void {
    const f = this.f;
    const acc = f.local(wasmType(p.type));
    this.reduced[index] = acc;
    if (p.vars.length === 0) {
      this.em.hoist([p.body], bound, undefined, false);
      this.em.scalar(p.body);
      f.set(acc);
      return;
    }
    const last = p.vars[p.vars.length - 1]!;
    const stashAt = this.stashAt(p);
    const stashSplit = stashAt ? this.em.split(stashAt as Expr & { index: never }, last.name) : null;
    const vector =
      p.type !== "bool" && last.extent >= 16 && vectorizable(this.em, [p.body], last.name) && (!p.stash || stashSplit?.coef === 1);
    /** Computes the stash into a local, stores it, and pins it for the body. */
    const stash = (vectorLane: boolean): void => {
      if (!p.stash || !stashAt) return;
      const local = f.local(vectorLane ? "v128" : "f32");
      this.em.address(this.out, "f32", () => {
        if (vectorLane) {
          this.em.scalar(stashSplit!.base);
          f.get(this.vars.get(last.name)!).op("i32.add");
        } else this.em.scalar(stashAt);
      });
      if (vectorLane) this.em.vector(p.stash, last.name);
      else this.em.scalar(p.stash);
      f.tee(local).mem(vectorLane ? "v128.store" : "f32.store", 0, 2);
      this.em.pin(p.stash, local, vectorLane);
    };
    const lanes = vector ? [0, 1, 2, 3].map(() => f.local("v128")) : [];
    // float sums long enough to round away their small terms are summed in blocks (see SUM_BLOCK)
    const totals = vector && p.fn === "sum" && p.type === "f32" && last.extent > SUM_BLOCK ? lanes.map(() => f.local("v128")) : undefined;
    // f32 max/min: pmax/pmin accumulators (one x64 instruction) and a mask of lanes that saw NaN, instead of
    // f32x4.max/min (NaN- and ±0-exact, long x64 sequences); the NaN is restored when the lanes combine.
    const nanMask = vector && p.type === "f32" && (p.fn === "max" || p.fn === "min") ? f.local("v128") : undefined;
    this.identity(p);
    f.set(acc);
    for (const l of lanes) this.vectorIdentity(p, l);
    if (nanMask !== undefined) f.v128i([0, 0, 0, 0]).set(nanMask);
    const compensation = totals ? totals.map(() => f.local("v128")) : [];
    for (const t of [...(totals ?? []), ...compensation]) f.v128f(0).set(t);
    const loops = (depth: number, scope: Set<string>): void => {
      const v = p.vars[depth]!;
      const local = this.vars.get(v.name)!;
      const inner = new Set([...scope, v.name]);
      if (depth < p.vars.length - 1) {
        this.em.hoist([p.body], scope, undefined, false);
        this.forLoop(local, () => void f.i32(0), () => void f.i32(v.extent), 1, () => {
          this.em.enterScope();
          loops(depth + 1, inner);
          this.em.exitScope();
        });
        return;
      }
      const roots = p.stash && stashAt ? [p.body, stashAt] : [p.body];
      this.em.hoist(roots, scope, v.name, vector);
      const vectorLoop = (lo: () => void, hi: () => void): void =>
        this.forLoop(local, lo, hi, 16, () => {
          lanes.forEach((l, i) => {
            if (i > 0) f.get(local).i32(4).op("i32.add").set(local);
            this.em.enterScope();
            stash(true);
            this.accumulate(p, l, () => this.em.vector(p.body, v.name), nanMask);
            this.em.exitScope();
          });
          f.get(local).i32(12).op("i32.sub").set(local);
        });
      if (vector && !totals) vectorLoop(() => void f.i32(0), () => void f.i32(v.extent));
      else if (vector && totals) {
        // Blocked summation: the lanes sum SUM_BLOCK elements from zero, then join the totals, so rounding
        // grows with the block and the number of blocks instead of with the length (2^29 ones sum exactly).
        const blockEnd = f.local("i32");
        f.i32(0).set(local);
        f.block().loop();
        f.get(local).i32(15).op("i32.add").i32(v.extent).op("i32.ge_s").brIf(1);
        f.get(local).i32(SUM_BLOCK).op("i32.add").tee(blockEnd).i32(v.extent).get(blockEnd).i32(v.extent).op("i32.lt_s").op("select").set(blockEnd);
        for (const l of lanes) f.v128f(0).set(l);
        vectorLoop(() => void f.get(local), () => void f.get(blockEnd));
        // Kahan: each total carries the rounding its additions lost (compensation[i]), once per block
        lanes.forEach((l, i) => {
          const [t, c, y, sum] = [totals[i]!, compensation[i]!, f.local("v128"), f.local("v128")];
          f.get(l).get(c).op("f32x4.sub").set(y);
          f.get(t).get(y).op("f32x4.add").set(sum);
          f.get(sum).get(t).op("f32x4.sub").get(y).op("f32x4.sub").set(c);
          f.get(sum).set(t);
        });
        f.br(0).end().end();
      }
      const resume = vector ? () => void f.get(local) : () => void f.i32(0);
      this.forLoop(local, resume, () => void f.i32(v.extent), 1, () => {
        this.em.enterScope();
        stash(false);
        this.step(p, acc, () => this.em.scalar(p.body));
        this.em.exitScope();
      });
    };
    loops(0, bound);
    if (totals) {
      // The 16 compensated totals join in float64, each less the rounding its last additions lost (its
      // compensation), with the scalar tail's sum: one rounding to float32 at the end instead of one per join.
      const joined = f.local("f64");
      f.get(acc).op("f64.promote_f32").set(joined);
      totals.forEach((t, i) => {
        for (let lane = 0; lane < 4; lane++) {
          f.get(joined).get(t).lane("f32x4.extract_lane", lane).op("f64.promote_f32").op("f64.add");
          f.get(compensation[i]!).lane("f32x4.extract_lane", lane).op("f64.promote_f32").op("f64.sub").set(joined);
        }
      });
      f.get(joined).op("f32.demote_f64").set(acc);
    } else if (vector) {
      const [a, b, c, d] = lanes as [number, number, number, number];
      const op = vectorStep(p);
      f.get(a).get(b).op(op).get(c).get(d).op(op).op(op).set(a);
      for (let lane = 0; lane < 4; lane++) {
        this.step(p, acc, () => void f.get(a).lane(p.type === "f32" ? "f32x4.extract_lane" : "i32x4.extract_lane", lane));
      }
      if (nanMask !== undefined) f.f32(NaN).get(acc).get(nanMask).op("v128.any_true").op("select").set(acc);
    }
  }

  /** Where phase p's stash is stored: the output index with the inner loops read as the phase's loops. */
  stashAt(p: Phase): Expr | undefined {
    return p.stash && { op: "idx", type: "i32", index: substitute(this.k.output.index, new Map(this.k.inner.map((v, i) => [v.name, idxVar(p.vars[i]!.name)]))) };
  }

  /** Sets the vector local `acc` to the reduction's identity in every lane. */
  vectorIdentity(p: { fn: ReduceFn; type: ScalarType }, acc: number): void {
    this.identity(p);
    this.f.op(p.type === "f32" ? "f32x4.splat" : "i32x4.splat").set(acc);
  }

  /**
   * acc = fn(acc, the 4 lanes `value` pushes), in vectors. f32 max and min take pmax / pmin (one x64 instruction
   * each, where f32x4.max/min are long sequences) and or the lanes that saw NaN into `nanMask`, which the caller
   * restores at the end.
   */
  accumulate(p: Phase, acc: number, value: () => void, nanMask?: number): void {
    const f = this.f;
    if (nanMask !== undefined) {
      const x = f.local("v128");
      value();
      f.tee(x).get(x).op("f32x4.ne").get(nanMask).op("v128.or").set(nanMask);
      f.get(acc).get(x).op(p.fn === "max" ? "f32x4.pmax" : "f32x4.pmin").set(acc);
      return;
    }
    f.get(acc);
    value();
    f.op(vectorStep(p)).set(acc);
  }

  /** Pushes the ALU table's identity of the reduction. */
  identity(p: { fn: ReduceFn; type: ScalarType }): void {
    const value = reduceIdentity(p.fn, p.type);
    if (p.type === "f32") this.f.f32(value);
    else this.f.i32(value);
  }

  /** acc = fn(acc, value) in scalars. */
  step(p: { fn: string; type: ScalarType }, acc: number, value: () => void): void {
    const f = this.f;
    if (p.type === "f32") {
      f.get(acc);
      value();
      f.op(p.fn === "sum" ? "f32.add" : p.fn === "prod" ? "f32.mul" : p.fn === "max" ? "f32.max" : "f32.min").set(acc);
      return;
    }
    if (p.fn === "sum" || p.fn === "prod") {
      f.get(acc);
      value();
      f.op(p.fn === "sum" ? "i32.add" : "i32.mul").set(acc);
      return;
    }
    const x = f.local("i32");
    value();
    f.set(x);
    f.get(x).get(acc).get(x).get(acc).op(p.fn === "max" ? "i32.gt_s" : "i32.lt_s").op("select").set(acc);
  }

  /** A scan along the single inner loop: out[…, i] = fn over j <= i of value[…, j]. */
  scan(fn: ReduceFn, bound: Set<string>): void {
    const k = this.k;
    const v = k.inner[0]!;
    const acc = this.f.local(wasmType(k.output.type));
    this.identity({ fn, type: k.output.type });
    this.f.set(acc);
    this.em.hoist([k.value, this.outIndex], bound, v.name, false);
    this.forLoop(this.vars.get(v.name)!, () => void this.f.i32(0), () => void this.f.i32(v.extent), 1, () => {
      this.step({ fn, type: k.output.type }, acc, () => this.em.scalar(k.value));
      this.store(() => void this.f.get(acc));
    });
  }
}

function vectorStep(p: Phase): string {
  const t = p.type === "f32" ? "f32x4" : "i32x4";
  if (p.fn === "sum") return `${t}.add`;
  if (p.fn === "prod") return `${t}.mul`;
  return p.type === "f32" ? `f32x4.${p.fn}` : `i32x4.${p.fn}_s`;
}

/**
 * Elements a float sum's vector lanes add from zero before joining their running totals (a multiple of the
 * 16 elements a vector iteration takes): each lane adds 256 terms a block, so a block's rounding stays that of
 * 256 terms, and the totals add one compensated (Kahan) term per block and join in float64 — the error of
 * blocked and pairwise summation as numpy and PyTorch have it, at one extra operation per 256.
 */
const SUM_BLOCK = 4096;

/**
 * Generates the Wasm module of a scheduled map or scan kernel (lower.ts ran the CPU's scheduling passes).
 * `parts`: the threads a contraction will be split across (its work units are made for that many; default 4).
 * @example generateWasm(step.kernel, { shared: true, maxPages: 65536 })
 */
export function generateWasm(k: Kernel, memory: { readonly shared: boolean; readonly maxPages: number }, parts?: number): WasmKernel {
  const contraction = k.contraction;
  if (contraction) {
    const gemm = generateGemm(k, contraction, memory, parts);
    return { bytes: gemm.bytes, get text() { return gemm.text; }, parallelExtent: gemm.units, dynamicLoads: [], scratchBytes: scratchBytes(contraction, parts) };
  }
  const g = new Generator(k);
  g.generate();
  const m = new ModuleBuilder(memory);
  m.add(g.f, true);
  return {
    bytes: m.bytes(),
    get text() {
      return m.text(); // the listing only when explain() asks
    },
    parallelExtent: g.parallel >= 0 ? k.outer[g.parallel]!.extent : 1,
    dynamicLoads: g.em.dynamicLoads.map((e) => (e.op === "load" && e.dynamic ? { dim: e.dynamic.dim, limit: e.dynamic.limit } : { dim: "?", limit: 0 })),
    scratchBytes: onlineScratchBytes(k),
  };
}

export { elementBytes };
