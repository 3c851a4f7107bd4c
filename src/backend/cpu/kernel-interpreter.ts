// Layer: src/backend/cpu. Executes a kernel of the IR directly, point by point, in float64 with the ALU table's
// float64 meanings (src/graph/alu.ts, the reference interpreter's semantics). It checks the lowering (graph ->
// kernels) independently of code generation, and runs kernels where generating code is not allowed. It runs the
// kernel as lowered, before passes/decompose.ts: the float64 meanings are the spec the generators' float32
// decompositions approximate; given a decomposed kernel it runs that arithmetic instead, still in float64.
// Imports src/graph and src/backend/kernel.
import { evalIndex } from "../../graph/index-expr.js";
import type { DType } from "../device-contract.js";
import { indexRange, InternalError, ShapeError } from "../../types/errors.js";
import type { Expr, Kernel, OnlineSoftmax, ScalarType } from "../kernel/ir.js";
import { uniform } from "./random.js";
import { binaryMeaning, reduceAlu, reduceIdentity, unaryMeaning } from "../kernel/alu.js";
import { castValue } from "./reference.js";

type Values = ArrayLike<number>;
type Scope = Map<string, number>;
type Compiled = (scope: Scope, reduced: number[]) => number;

const dtypeOf = (t: ScalarType): DType => (t === "f32" ? "float32" : t === "i32" ? "int32" : "bool");
const store = (t: ScalarType, v: number): number => (t === "f32" ? Math.fround(v) : t === "i32" ? v | 0 : v ? 1 : 0);

function compile(e: Expr, inputs: readonly Values[], params: readonly number[]): Compiled {
  const sub = (x: Expr): Compiled => compile(x, inputs, params);
  switch (e.op) {
    case "const":
      return () => e.value;
    case "param": {
      const v = params[e.slot]!;
      return () => v;
    }
    case "idx":
      return (s) => evalIndex(e.index, (n) => s.get(n)!);
    case "load": {
      const data = inputs[e.input]!;
      const guard = e.guard ? sub(e.guard) : undefined;
      const dyn = e.dynamic ? { ...e.dynamic, read: sub(e.dynamic.value) } : undefined;
      return (s, r) => {
        if (guard && !guard(s, r)) return 0;
        let at = evalIndex(e.index, (n) => s.get(n)!);
        if (dyn) {
          const i = dyn.read(s, r);
          if (!(i >= 0 && i < dyn.limit)) throw new ShapeError(indexRange(i, dyn.dim, dyn.limit));
          at += i * dyn.stride;
        }
        return data[at]!;
      };
    }
    case "random": {
      const seed = sub(e.seed);
      return (s, r) => uniform(seed(s, r) >>> 0, e.stream, evalIndex(e.index, (n) => s.get(n)!));
    }
    case "unary": {
      const f = unaryMeaning(e.fn, dtypeOf(e.type));
      const x = sub(e.x);
      return (s, r) => f(x(s, r));
    }
    case "binary": {
      const f = binaryMeaning(e.fn, dtypeOf(e.type));
      const [a, b] = [sub(e.a), sub(e.b)];
      return (s, r) => f(a(s, r), b(s, r));
    }
    case "where": {
      const [c, a, b] = [sub(e.cond), sub(e.a), sub(e.b)];
      return (s, r) => (c(s, r) ? a(s, r) : b(s, r));
    }
    case "cast": {
      const x = sub(e.x);
      const to = dtypeOf(e.type);
      return (s, r) => castValue(x(s, r), to);
    }
    case "reduced":
      return (_s, r) => r[e.phase]!;
    case "stashed":
      throw new InternalError("internal: stashed values are a code generation schedule, not interpreted");
  }
}

/** Calls fn for every assignment of the vars (row-major), with the scope updated in place. */
function forEachPoint(vars: Kernel["outer"], scope: Scope, fn: () => void): void {
  const go = (i: number): void => {
    if (i === vars.length) return fn();
    const v = vars[i]!;
    for (let x = 0; x < v.extent; x++) {
      scope.set(v.name, x);
      go(i + 1);
    }
  };
  go(0);
}

/**
 * Runs a kernel over input arrays and param values; returns the output values (float64, rounded to the
 * output type). @example interpretKernel(step.kernel, [a, b], step.params)
 */
export function interpretKernel(k: Kernel, inputs: readonly Values[], params: readonly number[]): Float64Array {
  return interpretOutputs(k, inputs, params)[0]!;
}

/**
 * Runs a kernel like interpretKernel; returns the values of every buffer it writes: its output, then its further
 * outputs in binding order (ir.ts moreOutputs: an online kernel's row statistics).
 * @example const [out, rowMax, rowSum] = interpretOutputs(forward.kernel, inputs, forward.params)
 */
export function interpretOutputs(k: Kernel, inputs: readonly Values[], params: readonly number[]): Float64Array[] {
  if (k.online) return interpretOnline(k, k.online, inputs, params);
  const out = new Float64Array(k.output.length);
  const phases = k.phases.map((p) => ({ ...p, body: compile(p.body, inputs, params) }));
  const value = compile(k.value, inputs, params);
  const scope: Scope = new Map();
  const reduced: number[] = [];
  const at = (): number => evalIndex(k.output.index, (n) => scope.get(n)!);
  forEachPoint(k.outer, scope, () => {
    phases.forEach((p, i) => {
      const step = reduceAlu[p.fn].step;
      let acc = reduceIdentity(p.fn, p.type);
      forEachPoint(p.vars, scope, () => {
        acc = step(acc, p.body(scope, reduced));
      });
      reduced[i] = store(p.type, acc);
    });
    const mode = k.mode;
    if (mode.kind === "map") {
      forEachPoint(k.inner, scope, () => {
        out[at()] = store(k.output.type, value(scope, reduced));
      });
      return;
    }
    const v = k.inner[0]!;
    const keys: number[] = [];
    for (let i = 0; i < v.extent; i++) {
      scope.set(v.name, i);
      keys.push(value(scope, reduced));
    }
    const step = reduceAlu[mode.fn].step;
    let acc = 0;
    keys.forEach((x, i) => {
      acc = i === 0 ? x : step(acc, x);
      scope.set(v.name, i);
      out[at()] = store(k.output.type, acc);
    });
  });
  return [out];
}

/** An online softmax-weighted kernel (ir.ts OnlineSoftmax), its recurrence run as written, in float64. */
function interpretOnline(k: Kernel, o: OnlineSoftmax, inputs: readonly Values[], params: readonly number[]): Float64Array[] {
  const out = new Float64Array(k.output.length);
  const rowOutputs = (o.rowOutputs ?? []).map((r) => ({ ...r, values: new Float64Array(r.length) }));
  const c = (e: Expr): Compiled => compile(e, inputs, params);
  const accumulations = (o.accumulations ?? []).map((a) => ({ ...a, w: c(a.weight), v: c(a.value), values: new Float64Array(a.length) }));
  const phases = o.phases.map((p) => ({ ...p, body: c(p.body) }));
  const [logit, runningMax, weight, rescale, value] = [c(o.logit), c(o.runningMax), c(o.weight), c(o.rescale), c(k.value)];
  const n = phases.length;
  const scope: Scope = new Map();
  const r: number[] = [];
  const at = (): number => evalIndex(k.output.index, (v) => scope.get(v)!);
  forEachPoint(k.outer, scope, () => {
    forEachPoint(k.inner, scope, () => void (out[at()] = 0));
    let [max, total] = [-Infinity, 0];
    forEachPoint(o.vars, scope, () => {
      phases.forEach((p, i) => {
        const step = reduceAlu[p.fn].step;
        let acc = reduceIdentity(p.fn, p.type);
        forEachPoint(p.vars, scope, () => void (acc = step(acc, p.body(scope, r))));
        r[i] = acc;
      });
      r[n] = logit(scope, r);
      r[n + 1] = max;
      r[n + 2] = max = runningMax(scope, r);
      const [w, scale] = [weight(scope, r), rescale(scope, r)];
      total = total * scale + w;
      forEachPoint(k.inner, scope, () => void (out[at()] = out[at()]! * scale + w * value(scope, r)));
      for (const a of accumulations) {
        const wa = a.w(scope, r);
        forEachPoint(a.inner, scope, () => void (a.values[evalIndex(a.index, (v) => scope.get(v)!)]! += wa * a.v(scope, r)));
      }
    });
    const result = o.result ?? "softmax";
    forEachPoint(k.inner, scope, () => void (out[at()] = store("f32", result === "max" ? max : result === "sum" ? out[at()]! : out[at()]! / total)));
    for (const r of rowOutputs) r.values[evalIndex(r.index, (v) => scope.get(v)!)] = store("f32", r.stat === "max" ? max : total);
  });
  for (const a of accumulations) a.values.forEach((x, i) => (a.values[i] = store("f32", x)));
  return [out, ...rowOutputs.map((r) => r.values), ...accumulations.map((a) => a.values)];
}
