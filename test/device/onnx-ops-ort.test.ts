// ONNX import, operator by operator, against onnxruntime-node: each case builds a small graph with onnx-buf whose
// sizes, attributes and constants are drawn from the seed (negative axes, keepdims, broadcasting, optional inputs
// left empty, constants as initializers or as graph inputs, int64 indices, opset differences), and runs both on
// fresh random inputs. A failure prints its seed (NT_TEST_SEED replays it).
import { describe, expect, it } from "vitest";
import { FormatError, ShapeError, tensor } from "../../src/index.js";
import { fromOnnx } from "../../src/onnx/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type ConstSpec, type Feed, type ModelSpec, type NodeSpec, type OnnxType, buildModel, compareWithOrt, float, randomFeeds } from "../helpers/onnx-models.js";
import { rng, testSeed } from "../helpers/random.js";

type Next = () => number;
interface Case {
  readonly spec: ModelSpec;
  readonly custom?: Record<string, Feed>;
  readonly tol?: { rel: number; abs: number };
}

const numel = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
const int = (next: Next, lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
const choose = <X>(next: Next, xs: readonly X[]): X => xs[Math.floor(next() * xs.length)]!;
const shapeOf = (next: Next, rank: number, lo = 1, hi = 4) => Array.from({ length: rank }, () => int(next, lo, hi));
const floats = (next: Next, shape: readonly number[], lo = -1, hi = 1): ConstSpec => ({ data: Float32Array.from({ length: numel(shape) }, () => lo + (hi - lo) * next()), shape });
const i64 = (...data: number[]): ConstSpec => ({ data, shape: [data.length], type: "int64" });
/** An axis of a rank-r value, negative half the time. */
const axis = (next: Next, r: number) => {
  const a = int(next, 0, r - 1);
  return next() < 0.5 ? a - r : a;
};
/** Distinct axes of a rank-r value, some negative. */
const axesOf = (next: Next, r: number, k: number) =>
  [...Array(r).keys()]
    .sort(() => next() - 0.5)
    .slice(0, k)
    .map((a) => (next() < 0.5 ? a - r : a));

/** A one-node model: inputs named x0, x1…; a ConstSpec is an initializer, a shape a float input, "" an empty name. */
function one(op: string, ins: readonly (readonly number[] | ConstSpec | { shape: number[]; type: OnnxType } | "")[], attrs: NodeSpec["attrs"] = {}, opset = 17, outTypes: readonly OnnxType[] = ["float32"]): ModelSpec {
  const inputs: { name: string; shape: number[]; type?: OnnxType }[] = [];
  const initializers: Record<string, ConstSpec> = {};
  const names = ins.map((s, i) => {
    const name = `x${i}`;
    if (s === "") return "";
    if (Array.isArray(s)) inputs.push({ name, shape: s as number[] });
    else if ("data" in (s as ConstSpec)) initializers[name] = s as ConstSpec;
    else inputs.push({ name, ...(s as { shape: number[]; type: OnnxType }) });
    return name;
  });
  const outs = outTypes.map((_, i) => `y${i}`);
  return { inputs, outputs: outs.map((name, i) => ({ name, type: outTypes[i] })), initializers, nodes: [{ op, inputs: names, outputs: outs, attrs }], opset };
}

/** A float operand: a graph input or an initializer, at random. */
const operand = (next: Next, shape: readonly number[]) => (next() < 0.3 ? floats(next, shape, -2, 2) : [...shape]);

/** A shape that broadcasts against `s` (numpy): a suffix of it, with some axes 1. */
const broadcastable = (next: Next, s: readonly number[]) => s.slice(int(next, 0, s.length)).map((z) => (next() < 0.3 ? 1 : z));

const unaryOps = ["Neg", "Abs", "Exp", "Tanh", "Sin", "Cos", "Erf", "Floor", "Ceil", "Sign", "Relu", "Sigmoid", "HardSwish", "Round", "Atan"];
const cases: Record<string, (next: Next) => Case> = {
  "unary elementwise": (next) => ({ spec: one(choose(next, unaryOps), [shapeOf(next, int(next, 0, 4))]) }),
  "Sqrt, Log, Reciprocal of positives": (next) => {
    const s = shapeOf(next, int(next, 1, 3));
    return { spec: one(choose(next, ["Sqrt", "Log", "Reciprocal"]), [s]), custom: { x0: { data: floats(next, s, 0.1, 3).data as Float32Array, shape: s, type: "float32" } } };
  },
  "binary arithmetic, broadcasting both ways": (next) => {
    const s = shapeOf(next, int(next, 1, 4));
    const t = broadcastable(next, s);
    const [a, b] = next() < 0.5 ? [s, t] : [t, s];
    return { spec: one(choose(next, ["Add", "Sub", "Mul", "Max", "Min"]), [operand(next, a), operand(next, b)]) };
  },
  "Div by values away from 0": (next) => {
    const s = shapeOf(next, int(next, 1, 3));
    const t = broadcastable(next, s);
    return { spec: one("Div", [s, t]), custom: { x1: { data: Float32Array.from(floats(next, t, 0.5, 2).data, (v) => (next() < 0.5 ? -v : v)), shape: t, type: "float32" } } };
  },
  "integer arithmetic (int64 inputs; Div truncates)": (next) => {
    const s = shapeOf(next, int(next, 1, 3));
    const op = choose(next, ["Add", "Sub", "Mul", "Div", "Max", "Min"]);
    const divisor = Int32Array.from({ length: numel(s) }, () => (next() < 0.5 ? -1 : 1) * int(next, 1, 4));
    return { spec: one(op, [{ shape: s, type: "int64" }, { shape: s, type: "int64" }], {}, 17, ["int64"]), custom: { x1: { data: divisor, shape: s, type: "int64" }, x0: { data: Int32Array.from({ length: numel(s) }, () => int(next, -20, 20)), shape: s, type: "int64" } } };
  },
  "Pow with a float exponent tensor": (next) => {
    const s = shapeOf(next, 2);
    return { spec: one("Pow", [s, floats(next, [s[1]!], -2, 2)]), custom: { x0: { data: floats(next, s, 0.2, 2).data as Float32Array, shape: s, type: "float32" } } };
  },
  "Sum, Max, Min of 1 to 3 inputs": (next) => {
    const s = shapeOf(next, int(next, 1, 3));
    const k = int(next, 1, 3);
    return { spec: one(choose(next, ["Sum", "Max", "Min"]), Array.from({ length: k }, () => broadcastable(next, s)).concat([s]).slice(-k)) };
  },
  "comparisons and logic": (next) => {
    const s = shapeOf(next, int(next, 1, 3));
    const t = broadcastable(next, s);
    const op = choose(next, ["Equal", "Less", "LessOrEqual", "Greater", "GreaterOrEqual"]);
    const type: OnnxType = next() < 0.5 ? "int64" : "float32";
    return { spec: one(op, [{ shape: s, type }, { shape: t, type }], {}, 17, ["bool"]) };
  },
  "And, Or, Not, Where": (next) => {
    const s = shapeOf(next, int(next, 1, 3));
    const t = broadcastable(next, s);
    const op = choose(next, ["And", "Or", "Not", "Where"]);
    if (op === "Not") return { spec: one(op, [{ shape: s, type: "bool" }], {}, 17, ["bool"]) };
    if (op === "Where") return { spec: one(op, [{ shape: t, type: "bool" }, operand(next, broadcastable(next, s)), s]) };
    return { spec: one(op, [{ shape: s, type: "bool" }, { shape: t, type: "bool" }], {}, 17, ["bool"]) };
  },
  "activations with attributes": (next) => {
    const s = shapeOf(next, int(next, 1, 3));
    const op = choose(next, ["LeakyRelu", "HardSigmoid", "Gelu", "Elu", "Selu", "Softplus", "Softsign", "ThresholdedRelu"]);
    const attrs: Record<string, ReturnType<typeof float> | string> = {};
    if (op === "LeakyRelu" && next() < 0.7) attrs.alpha = float(0.05 + next() * 0.3);
    if (op === "HardSigmoid" && next() < 0.7) attrs.alpha = float(0.1 + next() * 0.3), (attrs.beta = float(0.3 + next() * 0.4));
    if (op === "Gelu" && next() < 0.5) attrs.approximate = "tanh";
    return { spec: one(op, [s], attrs, op === "Gelu" ? 20 : 17) };
  },
  "Clip: attributes (opset 6) or inputs, either left out": (next) => {
    const s = shapeOf(next, int(next, 1, 3));
    const lo = -0.5 - next();
    const hi = 0.2 + next();
    if (next() < 0.3) return { spec: one("Clip", [s], { min: float(lo), ...(next() < 0.5 ? { max: float(hi) } : {}) }, 6) };
    const min = next() < 0.3 ? "" : { data: [lo], shape: [] };
    const max = next() < 0.3 ? "" : { data: [hi], shape: [] };
    return { spec: one("Clip", max === "" ? [s, min] : [s, min, max], {}, choose(next, [11, 13])) };
  },
  "Reduce*: axes attribute or input, keepdims, noop_with_empty_axes": (next) => {
    const op = choose(next, ["ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1", "ReduceL2", "ReduceSumSquare", "ReduceLogSumExp"]);
    const opset = choose(next, [11, 13, 18]);
    const r = int(next, 1, 4);
    const s = shapeOf(next, r);
    const axes = next() < 0.2 ? [] : axesOf(next, r, int(next, 1, r));
    const keepdims = int(next, 0, 1);
    const asInput = opset >= 18 || (op === "ReduceSum" && opset >= 13);
    if (asInput) return { spec: one(op, axes.length === 0 ? [s] : [s, i64(...axes)], { keepdims, ...(axes.length === 0 && next() < 0.3 ? { noop_with_empty_axes: 0 } : {}) }, opset) };
    return { spec: one(op, [s], { keepdims, ...(axes.length ? { axes } : {}) }, opset), custom: op === "ReduceProd" ? { x0: { data: floats(next, s, 0.5, 1.5).data as Float32Array, shape: s, type: "float32" } } : undefined };
  },
  "Softmax and LogSoftmax: axis before and after opset 13": (next) => {
    const r = int(next, 1, 4);
    const s = shapeOf(next, r, 1, 4);
    const opset = choose(next, [11, 13]);
    return { spec: one(choose(next, ["Softmax", "LogSoftmax"]), [s], next() < 0.3 && (opset >= 13 || r > 1) ? {} : { axis: axis(next, r) }, opset) };
  },
  "ArgMax and ArgMin": (next) => {
    const r = int(next, 1, 3);
    const s = shapeOf(next, r, 1, 5);
    return { spec: one(choose(next, ["ArgMax", "ArgMin"]), [s], { axis: axis(next, r), keepdims: int(next, 0, 1) }, 13, ["int64"]) };
  },
  "LayerNormalization: axis, scale, optional bias": (next) => {
    const r = int(next, 2, 4);
    const s = shapeOf(next, r, 2, 4);
    const a = int(next, 1, r - 1);
    const tail = s.slice(a);
    const ins = [s, floats(next, tail), ...(next() < 0.5 ? [floats(next, tail)] : [])];
    // the optional Mean and InvStdDev outputs too, kept dims and all
    return { spec: one("LayerNormalization", ins, { axis: next() < 0.5 ? a - r : a, epsilon: float(1e-5) }, 17, next() < 0.5 ? ["float32"] : ["float32", "float32", "float32"]) };
  },
  "BatchNormalization (inference), rank 2 to 4": (next) => {
    const s = shapeOf(next, int(next, 2, 4), 2, 4);
    const c = s[1]!;
    return { spec: one("BatchNormalization", [s, floats(next, [c]), floats(next, [c]), floats(next, [c]), floats(next, [c], 0.3, 2)], { epsilon: float(1e-3) }, choose(next, [9, 15])) };
  },
  "InstanceNormalization": (next) => {
    const s = shapeOf(next, int(next, 3, 4), 2, 4);
    return { spec: one("InstanceNormalization", [s, floats(next, [s[1]!]), floats(next, [s[1]!])], { epsilon: float(1e-5) }, 17) };
  },
  "MatMul: ranks 1 to 4, batch broadcasting": (next) => {
    const [m, k, n] = [int(next, 1, 4), int(next, 1, 5), int(next, 1, 4)];
    const batch = shapeOf(next, int(next, 0, 2));
    const ra = int(next, 1, 2);
    const rb = int(next, 1, 2);
    const a = ra === 1 ? [k] : [...broadcastable(next, batch), m, k];
    const b = rb === 1 ? [k] : [...batch, k, n];
    return { spec: one("MatMul", [operand(next, a), operand(next, b)]) };
  },
  "Gemm: transA, transB, alpha, beta, C broadcast or left out": (next) => {
    const [m, k, n] = [int(next, 1, 4), int(next, 1, 5), int(next, 1, 4)];
    const [ta, tb] = [int(next, 0, 1), int(next, 0, 1)];
    const c = choose(next, [[n], [m, n], [1, n], [m, 1], [1], []]);
    const opset = choose(next, [9, 11, 13]);
    const ins = [ta ? [k, m] : [m, k], operand(next, tb ? [n, k] : [k, n]), ...(opset > 9 && next() < 0.2 ? [] : [operand(next, c)])];
    return { spec: one("Gemm", ins, { transA: ta, transB: tb, ...(next() < 0.5 ? { alpha: float(0.5 + next()), beta: float(next() * 2) } : {}) }, opset) };
  },
  "Reshape: 0, -1, allowzero 0": (next) => {
    const s = shapeOf(next, int(next, 1, 4));
    const total = numel(s);
    const parts: number[] = [];
    let rest = total;
    for (const d of [2, 3, 5]) while (rest % d === 0 && next() < 0.6) (parts.push(d), (rest /= d));
    parts.push(rest);
    const spec = parts.sort(() => next() - 0.5);
    if (next() < 0.5) spec[int(next, 0, spec.length - 1)] = -1;
    if (next() < 0.3 && spec.length <= s.length && spec[0] === s[0]) spec[0] = 0;
    return { spec: one("Reshape", [s, i64(...spec)], {}, choose(next, [13, 14])) };
  },
  "Flatten at any axis": (next) => {
    const r = int(next, 1, 4);
    const a = int(next, -r, r);
    return { spec: one("Flatten", [shapeOf(next, r)], { axis: a }, choose(next, [11, 13])) };
  },
  "Transpose, default perm or given": (next) => {
    const r = int(next, 1, 4);
    const perm = [...Array(r).keys()].sort(() => next() - 0.5);
    return { spec: one("Transpose", [shapeOf(next, r, 2, 4)], next() < 0.3 ? {} : { perm }) };
  },
  "Squeeze and Unsqueeze: attribute (11) or input (13), negative axes": (next) => {
    const opset = choose(next, [11, 13]);
    const r = int(next, 1, 4);
    const s = shapeOf(next, r).map((z) => (next() < 0.4 ? 1 : z));
    if (next() < 0.5) {
      const ones = s.map((z, i) => (z === 1 ? i : -1)).filter((i) => i >= 0);
      const axes = ones.filter(() => next() < 0.6).map((a) => (next() < 0.5 ? a - r : a));
      if (axes.length === 0) return { spec: one("Squeeze", [s], {}, opset) };
      return { spec: opset >= 13 ? one("Squeeze", [s, i64(...axes)], {}, opset) : one("Squeeze", [s], { axes }, opset) };
    }
    const k = int(next, 1, 2);
    const axes = axesOf(next, r + k, k);
    return { spec: opset >= 13 ? one("Unsqueeze", [s, i64(...axes)], {}, opset) : one("Unsqueeze", [s], { axes }, opset) };
  },
  "Concat: negative axis, initializers among inputs": (next) => {
    const r = int(next, 1, 4);
    const s = shapeOf(next, r);
    const a = int(next, 0, r - 1);
    const ins = Array.from({ length: int(next, 1, 3) }, () => operand(next, s.map((z, i) => (i === a ? int(next, 1, 3) : z))));
    return { spec: one("Concat", ins, { axis: next() < 0.5 ? a - r : a }) };
  },
  "Split: equal parts, sizes as attribute (11) or input (13), num_outputs (18)": (next) => {
    const r = int(next, 1, 3);
    const s = shapeOf(next, r, 2, 6);
    const a = int(next, 0, r - 1);
    const n = s[a]!;
    const opset = choose(next, [11, 13, 18]);
    const k = int(next, 1, Math.min(3, n));
    const cuts = Array.from({ length: k }, () => 1);
    for (let left = n - k; left > 0; left--) {
      const at = int(next, 0, k - 1);
      cuts[at] = cuts[at]! + 1;
    }
    const outs = Array<OnnxType>(k).fill("float32");
    const ax = next() < 0.5 ? a - r : a;
    const mode = next();
    if (mode < 0.4 && (k - 1) * Math.ceil(n / k) < n) {
      if (opset === 18) return { spec: one("Split", [s], { axis: ax, num_outputs: k }, 18, Array<OnnxType>(k).fill("float32")) };
      return { spec: one("Split", [s], { axis: ax }, opset, n % k === 0 ? outs : ["float32"]) };
    }
    return { spec: opset >= 13 ? one("Split", [s, i64(...cuts)], { axis: ax }, opset, outs) : one("Split", [s], { axis: ax, split: cuts }, opset, outs) };
  },
  "Slice: attributes (9) or inputs (10+), negative starts and steps, clamping, axes left out": (next) => {
    const r = int(next, 1, 3);
    const s = shapeOf(next, r, 2, 7);
    const axes = axesOf(next, r, int(next, 1, r));
    const starts: number[] = [];
    const ends: number[] = [];
    const steps: number[] = [];
    for (const a of axes) {
      const n = s[a < 0 ? a + r : a]!;
      const step = next() < 0.6 ? 1 : choose(next, [2, -1, -2, 3]);
      let [b, e] = [int(next, -n, n - 1), int(next, -n - 2, n + 2)];
      if (step > 0 && (b < 0 ? b + n : b) >= Math.min(e < 0 ? e + n : e, n)) [b, e] = [0, n];
      if (step < 0 && (b < 0 ? b + n : b) <= (e < 0 ? Math.max(e + n, -1) : e)) [b, e] = [n - 1, -n - 1];
      starts.push(b), ends.push(next() < 0.1 ? (step > 0 ? 2 ** 62 : -(2 ** 62)) : e), steps.push(step);
    }
    const opset = choose(next, [9, 10, 13]);
    // axes may be left out where they are 0, 1, … in order
    const leading = axes.every((a, i) => a === i);
    if (opset === 9 && steps.every((x) => x === 1)) return { spec: one("Slice", [s], { starts, ends, ...(leading && next() < 0.5 ? {} : { axes }) }, 9) };
    const unit = steps.every((x) => x === 1) && next() < 0.5;
    const ins = [s, i64(...starts), i64(...ends), ...(unit && leading && next() < 0.5 ? [] : [i64(...axes), ...(unit ? [] : [i64(...steps)])])];
    return { spec: one("Slice", ins, {}, opset === 9 ? 10 : opset) };
  },
  "Gather: axis, negative indices, constant or fed, scalar or tensor": (next) => {
    const r = int(next, 1, 3);
    const s = shapeOf(next, r, 2, 5);
    const a = int(next, 0, r - 1);
    const n = s[a]!;
    const is = shapeOf(next, int(next, 0, 2), 1, 3);
    const data = Array.from({ length: numel(is) }, () => int(next, -n, n - 1));
    const index: ConstSpec = { data, shape: is, type: "int64" };
    const x = operand(next, s);
    if (next() < 0.5) return { spec: one("Gather", [x, index], { axis: next() < 0.5 ? a - r : a }) };
    return { spec: one("Gather", [x, { shape: is, type: "int64" }], { axis: a }), custom: { x1: { data: Int32Array.from(data), shape: is, type: "int64" } } };
  },
  "Expand to a shape, broadcasting both ways": (next) => {
    const s = shapeOf(next, int(next, 1, 3)).map((z) => (next() < 0.5 ? 1 : z));
    const target = [...shapeOf(next, int(next, 0, 1)), ...s.map((z) => (z === 1 ? int(next, 1, 3) : next() < 0.3 ? 1 : z))];
    return { spec: one("Expand", [s, i64(...target)]) };
  },
  "Mod: integers (sign of the divisor) and fmod (sign of the dividend)": (next): Case => {
    const s = shapeOf(next, int(next, 1, 3));
    const t = broadcastable(next, s);
    const divisor = Int32Array.from({ length: numel(t) }, () => (next() < 0.5 ? -1 : 1) * int(next, 1, 5));
    if (next() < 0.5) return { spec: one("Mod", [{ shape: s, type: "int64" }, { shape: t, type: "int64" }], { fmod: int(next, 0, 1) }, 13, ["int64"]), custom: { x0: { data: Int32Array.from({ length: numel(s) }, () => int(next, -30, 30)), shape: s, type: "int64" }, x1: { data: divisor, shape: t, type: "int64" } } };
    return { spec: one("Mod", [s, t], { fmod: 1 }, 13), custom: { x1: { data: Float32Array.from(divisor, (d) => d * 0.75), shape: t, type: "float32" } } };
  },
  "Trilu: upper or lower, k given or not, on inputs and constants": (next) => {
    const s = shapeOf(next, int(next, 2, 4), 1, 5);
    const k = int(next, -3, 3);
    const ins = [operand(next, s), ...(next() < 0.7 ? [{ data: [k], shape: [], type: "int64" as const }] : [])];
    return { spec: one("Trilu", ins, next() < 0.5 ? {} : { upper: int(next, 0, 1) }, 14) };
  },
  "IsNaN": (next) => {
    const s = shapeOf(next, int(next, 1, 3));
    return { spec: one("IsNaN", [s], {}, 13, ["bool"]), custom: { x0: { data: Float32Array.from({ length: numel(s) }, () => (next() < 0.3 ? NaN : next())), shape: s, type: "float32" } } };
  },
  "CumSum: axis, exclusive, reverse": (next) => {
    const r = int(next, 1, 3);
    const s = shapeOf(next, r, 1, 5);
    return { spec: one("CumSum", [operand(next, s), { data: [axis(next, r)], shape: [], type: "int64" }], { exclusive: int(next, 0, 1), reverse: int(next, 0, 1) }, 14) };
  },
  "TopK: axis, largest or smallest": (next) => {
    const r = int(next, 1, 3);
    const s = shapeOf(next, r, 1, 6);
    const a = axis(next, r);
    const k = int(next, 1, s[a < 0 ? a + r : a]!);
    return { spec: one("TopK", [s, i64(k)], { axis: a, largest: int(next, 0, 1) }, 11, ["float32", "int64"]) };
  },
  "int64 and bool data through movement, selection and reductions": (next) => {
    const type: OnnxType = next() < 0.6 ? "int64" : "bool";
    const r = int(next, 1, 3);
    const s = shapeOf(next, r, 1, 4);
    const x = { shape: s, type };
    const a = int(next, 0, r - 1);
    const choices: (() => ModelSpec)[] = [
      () => one("Transpose", [x], { perm: [...Array(r).keys()].reverse() }, 13, [type]),
      () => one("Reshape", [x, i64(-1)], {}, 13, [type]),
      () => one("Concat", [x, x], { axis: a - r }, 13, [type]),
      () => one("Expand", [x, i64(2, ...s)], {}, 13, [type]),
      () => one("Gather", [x, { data: [s[a]! - 1, 0], shape: [2], type: "int64" }], { axis: a }, 13, [type]),
      () => one("Slice", [x, i64(-1), i64(-100), i64(a), i64(-1)], {}, 13, [type]),
      () => one("Identity", [x], {}, 13, [type]),
      // (onnxruntime has no Where over bools)
      ...(type === "int64" ? [() => one("Where", [{ shape: s, type: "bool" }, x, x], {}, 13, [type]), () => one(choose(next, ["ReduceMax", "ReduceMin", "ReduceSum"]), [x], { axes: [a], keepdims: int(next, 0, 1) }, 11, [type]), () => one("Neg", [x], {}, 13, [type]), () => one("Abs", [x], {}, 13, [type])] : []),
    ];
    return { spec: choose(next, choices)() };
  },
  "Dropout in inference: the input, and an all-true mask": (next) => {
    const s = shapeOf(next, int(next, 1, 3));
    const opset = choose(next, [7, 12, 13]);
    const ratio = opset >= 12 && next() < 0.5 ? [{ data: [0.3], shape: [] }] : [];
    return { spec: one("Dropout", [s, ...ratio], opset < 12 ? { ratio: float(0.3) } : {}, opset, next() < 0.5 || opset < 10 ? ["float32"] : ["float32", "bool"]) };
  },
  "Tile and Pad": (next) => {
    const r = int(next, 1, 3);
    const s = shapeOf(next, r);
    if (next() < 0.5) return { spec: one("Tile", [s, i64(...s.map(() => int(next, 1, 3)))]) };
    const pads = [...s.map(() => int(next, 0, 2)), ...s.map(() => int(next, 0, 2))];
    const mode = choose(next, ["constant", "reflect", "edge", "wrap"]);
    // reflect and wrap reach at most size - 1 (beyond, onnxruntime's wrap differs from numpy's); a crop leaves 2 or more
    if (mode === "reflect" || mode === "wrap") for (let a = 0; a < r; a++) [pads[a], pads[r + a]] = [Math.max(0, Math.min(pads[a]!, s[a]! - 2)), Math.max(0, Math.min(pads[r + a]!, s[a]! - 2))];
    const crop = int(next, 0, 2 * r - 1);
    if (next() < 0.3 && s[crop % r]! >= 4) pads[crop] = -1;
    if (next() < 0.2 && mode !== "wrap") return { spec: one("Pad", [s], { mode, pads, ...(mode === "constant" ? { value: float(0.25) } : {}) }, 2) };
    return { spec: one("Pad", [s, i64(...pads), ...(mode === "constant" && next() < 0.5 ? [{ data: [0.25], shape: [] }] : [])], { mode }, mode === "wrap" ? 19 : choose(next, [13, 18])) };
  },
  "Cast between float, int64, int32 and bool": (next) => {
    const s = shapeOf(next, int(next, 1, 3));
    const [from, to] = [choose(next, ["float32", "int64", "bool"] as const), choose(next, ["float32", "int64", "int32", "bool"] as const)];
    const code = { float32: 1, int64: 7, int32: 6, bool: 9 }[to];
    return { spec: one("Cast", [{ shape: s, type: from }], { to: code }, 13, [to]) };
  },
  "Shape with start and end, Size": (next) => {
    const r = int(next, 1, 4);
    const s = shapeOf(next, r);
    if (next() < 0.3) return { spec: one("Size", [s], {}, 13, ["int64"]) };
    return { spec: one("Shape", [s], next() < 0.5 ? {} : { start: int(next, -r - 1, r), end: int(next, -r, r + 1) }, 15, ["int64"]) };
  },
  "Conv: 1-D to 3-D, pads, strides, dilations, groups, auto_pad": (next) => {
    const d = choose(next, [1, 2, 2, 3]);
    const g = choose(next, [1, 1, 2]);
    const c = g * int(next, 1, 2);
    const m = g * int(next, 1, 2);
    const k = shapeOf(next, d, 1, 3);
    const x = [int(next, 1, 2), c, ...shapeOf(next, d, 5, 7)];
    const attrs: Record<string, number | number[] | string> = { group: g };
    const pad = choose(next, ["pads", "SAME_UPPER", "SAME_LOWER", "VALID", "none"]);
    if (pad === "pads") attrs.pads = [...k.map(() => int(next, 0, 2)), ...k.map(() => int(next, 0, 2))];
    else if (pad !== "none") attrs.auto_pad = pad;
    if (next() < 0.5) attrs.strides = k.map(() => int(next, 1, 2));
    if (next() < 0.4 && pad !== "SAME_UPPER" && pad !== "SAME_LOWER") attrs.dilations = k.map(() => int(next, 1, 2));
    return { spec: one("Conv", [x, floats(next, [m, c / g, ...k]), ...(next() < 0.5 ? [floats(next, [m])] : [])], attrs, 11), tol: { rel: 1e-4, abs: 1e-4 } };
  },
  "ConvTranspose: strides, pads, output_padding, groups, dilations": (next) => {
    const g = choose(next, [1, 1, 2]);
    const c = g * int(next, 1, 2);
    const m = g * int(next, 1, 2);
    const k = shapeOf(next, 2, 1, 3);
    const strides = k.map(() => int(next, 1, 2));
    const attrs: Record<string, number | number[] | string> = { group: g, strides };
    if (next() < 0.5) attrs.pads = [...k.map((z) => int(next, 0, (z - 1) >> 1)), ...k.map((z) => int(next, 0, (z - 1) >> 1))];
    if (next() < 0.3) attrs.output_padding = strides.map((s) => int(next, 0, s - 1));
    if (next() < 0.3) attrs.dilations = k.map(() => int(next, 1, 2));
    if (next() < 0.2) (attrs.auto_pad = choose(next, ["SAME_UPPER", "SAME_LOWER"])), delete attrs.pads;
    return { spec: one("ConvTranspose", [[1, c, ...shapeOf(next, 2, 2, 4)], floats(next, [c, m / g, ...k]), ...(next() < 0.5 ? [floats(next, [m])] : [])], attrs, 11), tol: { rel: 1e-4, abs: 1e-4 } };
  },
  "MaxPool and AveragePool: pads, strides, ceil_mode, count_include_pad, 1-D and 2-D": (next) => {
    const d = choose(next, [1, 2, 2]);
    const k = shapeOf(next, d, 1, 3);
    const op = choose(next, ["MaxPool", "AveragePool"]);
    const attrs: Record<string, number | number[] | string> = { kernel_shape: k };
    if (next() < 0.6) attrs.pads = [...k.map((z) => int(next, 0, z - 1)), ...k.map((z) => int(next, 0, z - 1))];
    else if (next() < 0.5) attrs.auto_pad = choose(next, ["SAME_UPPER", "SAME_LOWER", "VALID"]);
    // (onnxruntime refuses SAME padding that a stride longer than the window or ceil_mode makes negative)
    if (next() < 0.6) attrs.strides = k.map((z) => int(next, 1, attrs.auto_pad === undefined ? 3 : z));
    if (next() < 0.3 && attrs.auto_pad === undefined) attrs.ceil_mode = 1;
    if (op === "AveragePool" && next() < 0.5) attrs.count_include_pad = 1;
    if (op === "MaxPool" && next() < 0.2 && attrs.auto_pad === undefined) attrs.dilations = k.map(() => int(next, 1, 2));
    return { spec: one(op, [[int(next, 1, 2), int(next, 1, 3), ...shapeOf(next, d, 5, 8)]], attrs, op === "MaxPool" && attrs.dilations ? 12 : 11) };
  },
  "GlobalAveragePool and GlobalMaxPool": (next) => ({ spec: one(choose(next, ["GlobalAveragePool", "GlobalMaxPool"]), [shapeOf(next, int(next, 3, 4), 1, 4)]) }),
  "Resize: nearest and linear, coordinate modes, scales or sizes, opset 10 to 13": (next) => {
    const s = [1, int(next, 1, 2), int(next, 2, 4), int(next, 2, 4)];
    const opset = choose(next, [7, 9, 10, 11, 13, 18, 19]);
    const mode = choose(next, ["nearest", "linear"]);
    const scales = [1, 1, choose(next, [0.5, 1.5, 2, 3]), choose(next, [0.75, 1, 2, 2.5])];
    const up = [1, 1, choose(next, [1, 2, 3]), choose(next, [1, 2, 1.5])];
    if (opset === 7) return { spec: one("Upsample", [s], { mode, scales: { floats: up } }, 7) };
    if (opset === 9) return { spec: one("Upsample", [s, { data: up, shape: [4] }], { mode }, 9) };
    if (opset === 10) return { spec: one("Resize", [s, { data: scales, shape: [4] }], { mode }, 10) };
    const coord = choose(next, ["half_pixel", "asymmetric", "align_corners", "pytorch_half_pixel", ...(mode === "nearest" ? ["tf_half_pixel_for_nn"] : [])]);
    const attrs: Record<string, string> = { mode, coordinate_transformation_mode: coord };
    if (mode === "nearest") attrs.nearest_mode = choose(next, ["round_prefer_floor", "round_prefer_ceil", "floor", "ceil"]);
    const roi: ConstSpec | "" = opset >= 13 ? "" : { data: [], shape: [0] };
    if (next() < 0.5) return { spec: one("Resize", [s, roi, { data: scales, shape: [4] }], attrs, opset) };
    const sizes = s.map((z, i) => (i < 2 ? z : int(next, 1, 7)));
    return { spec: one("Resize", [s, roi, opset >= 13 ? "" : { data: [], shape: [0] }, i64(...sizes)], attrs, opset) };
  },
  "Einsum: contractions, transposes, sums, ellipsis": (next) => {
    const [i, j, k, b] = [int(next, 1, 4), int(next, 1, 4), int(next, 1, 4), int(next, 1, 3)];
    return choose(next, [
      { spec: one("Einsum", [[i, j], [j, k]], { equation: "ij,jk->ik" }, 12) },
      { spec: one("Einsum", [[b, i, j], [b, j, k]], { equation: "bij,bjk->bik" }, 12) },
      { spec: one("Einsum", [[i, j]], { equation: "ij->ji" }, 12) },
      { spec: one("Einsum", [[i, j], [i, j]], { equation: "ij,ij->" }, 12) },
      { spec: one("Einsum", [[i], [j]], { equation: "i,j->ij" }, 12) },
      { spec: one("Einsum", [[b, i, k], [b, j, k]], { equation: "...ik,...jk->...ij" }, 12) },
    ]);
  },
  "ConstantOfShape, Range, Constant feeding arithmetic": (next): Case => {
    const n = int(next, 1, 6);
    const start = int(next, -3, 3);
    const delta = choose(next, [1, 2, -1, 3]);
    const limit = start + delta * n;
    return {
      spec: {
        opset: 13,
        inputs: [{ name: "x", shape: [n] }],
        outputs: [{ name: "y" }],
        initializers: { s: i64(n), a: { data: [start], shape: [], type: "int64" }, b: { data: [limit], shape: [], type: "int64" }, d: { data: [delta], shape: [], type: "int64" } },
        nodes: [
          { op: "ConstantOfShape", inputs: ["s"], outputs: ["c"], attrs: { value: { tensor: { data: [next() + 0.5], shape: [1] } } } },
          { op: "Range", inputs: ["a", "b", "d"], outputs: ["r"] },
          { op: "Cast", inputs: ["r"], outputs: ["rf"], attrs: { to: 1 } },
          { op: "Constant", inputs: [], outputs: ["k"], attrs: { value_float: float(next() * 2 - 1) } },
          { op: "Add", inputs: ["x", "c"], outputs: ["t"] },
          { op: "Mul", inputs: ["t", "rf"], outputs: ["u"] },
          { op: "Sub", inputs: ["k", "u"], outputs: ["y"] },
        ],
      },
    };
  },
};

/**
 * A random chain of 3 to 7 nodes over one float input (and a second one broadcast into it), each node taking the
 * last value or an earlier one: the names the importer gives flow through Transpose, Reshape, reductions with
 * keepdims, Softmax, MatMul with a weight, Concat and Slice, and elementwise ops broadcasting by position.
 */
function chain(next: Next): Case {
  const r = int(next, 2, 4);
  const shapes: number[][] = [shapeOf(next, r, 2, 4)];
  const names = ["x"];
  const nodes: NodeSpec[] = [];
  const initializers: Record<string, ConstSpec> = {};
  const yShape = broadcastable(next, shapes[0]!);
  let k = 0;
  const add = (op: string, inputs: string[], shape: number[], attrs: NodeSpec["attrs"] = {}) => {
    const out = `v${k++}`;
    nodes.push({ op, inputs, outputs: [out], attrs });
    names.push(out);
    shapes.push(shape);
  };
  const steps = int(next, 3, 7);
  for (let i = 0; i < steps; i++) {
    const at = next() < 0.7 ? names.length - 1 : int(next, 0, names.length - 1);
    const [v, s] = [names[at]!, shapes[at]!];
    const rank = s.length;
    const c = `c${k}`;
    switch (choose(next, ["unary", "binary", "binaryY", "transpose", "reshape", "reduce", "softmax", "matmul", "gram", "concat", "slice"])) {
      case "unary":
        add(choose(next, ["Tanh", "Sigmoid", "Neg", "Relu", "Exp", "Erf"]), [v], s);
        break;
      case "binary": {
        const other = int(next, 0, names.length - 1);
        const ok = shapes[other]!.length <= rank && shapes[other]!.every((z, j) => z === 1 || z === s[rank - shapes[other]!.length + j]);
        if (ok) add(choose(next, ["Add", "Mul", "Sub", "Max"]), [v, names[other]!], s);
        else add("Mul", [v, v], s);
        break;
      }
      case "binaryY": {
        const ok = yShape.length <= rank && yShape.every((z, j) => z === 1 || z === s[rank - yShape.length + j]);
        if (ok) add(choose(next, ["Add", "Mul", "Min"]), [v, "y"], s);
        else {
          initializers[c] = floats(next, [s[rank - 1]!]);
          add("Add", [v, c], s);
        }
        break;
      }
      case "transpose": {
        const perm = [...Array(rank).keys()].sort(() => next() - 0.5);
        add("Transpose", [v], perm.map((p) => s[p]!), { perm });
        break;
      }
      case "reshape": {
        const total = numel(s);
        const to = rank > 1 && next() < 0.5 ? [...s.slice(0, rank - 2), s[rank - 2]! * s[rank - 1]!] : [...s.slice(0, rank - 1), 1, s[rank - 1]!];
        initializers[c] = i64(...(next() < 0.5 ? to : to.map((z, j) => (j === 0 ? -1 : z))));
        if (numel(to) === total) add("Reshape", [v, c], to);
        break;
      }
      case "reduce": {
        const a = int(next, 0, rank - 1);
        const keep = rank === 1 ? 1 : int(next, 0, 1);
        const out = keep ? s.map((z, j) => (j === a ? 1 : z)) : s.filter((_, j) => j !== a);
        if (next() < 0.5) add(choose(next, ["ReduceMean", "ReduceMax"]), [v], out, { axes: [a - rank], keepdims: keep });
        else {
          initializers[c] = i64(a - rank); // ReduceSum's axes are an input from opset 13
          add("ReduceSum", [v, c], out, { keepdims: keep });
        }
        break;
      }
      case "softmax":
        add(choose(next, ["Softmax", "LogSoftmax"]), [v], s, { axis: int(next, -rank, rank - 1) });
        break;
      case "matmul": {
        const n = int(next, 1, 4);
        initializers[c] = floats(next, [s[rank - 1]!, n]);
        add("MatMul", [v, c], [...s.slice(0, rank - 1), n]);
        break;
      }
      case "gram": {
        // v · vᵀ over the last two axes: both operands carry the same names
        if (rank < 2) break;
        const perm = [...Array(rank).keys()].map((j) => (j === rank - 2 ? rank - 1 : j === rank - 1 ? rank - 2 : j));
        add("Transpose", [v], perm.map((p) => s[p]!), { perm });
        add("MatMul", [v, names[names.length - 1]!], [...s.slice(0, rank - 1), s[rank - 2]!]);
        break;
      }
      case "concat": {
        const a = int(next, 0, rank - 1);
        add("Concat", [v, v], s.map((z, j) => (j === a ? 2 * z : z)), { axis: a });
        break;
      }
      case "slice": {
        const a = int(next, 0, rank - 1);
        if (s[a]! < 2) break;
        initializers[c] = i64(1);
        initializers[`${c}e`] = i64(s[a]!);
        initializers[`${c}a`] = i64(a);
        add("Slice", [v, c, `${c}e`, `${c}a`], s.map((z, j) => (j === a ? z - 1 : z)));
        break;
      }
    }
  }
  if (nodes.length === 0) add("Identity", ["x"], shapes[0]!);
  const usesY = nodes.some((n) => n.inputs.includes("y"));
  return {
    spec: {
      opset: 13,
      inputs: [{ name: "x", shape: shapes[0]! }, ...(usesY ? [{ name: "y", shape: yShape }] : [])],
      // the last value and one earlier one are outputs
      outputs: [...new Set([names[names.length - 1]!, names[int(next, 1, names.length - 1)]!])].map((name) => ({ name })),
      initializers,
      nodes,
    },
    tol: { rel: 2e-4, abs: 5e-5 },
  };
}
cases["random chains of nodes (names flowing through movement, reductions, MatMul, broadcasting)"] = chain;

// fewer graphs on WebGPU, where software Vulkan compiles each new pipeline slowly
const roundsOn = (device: string) => Number(process.env.NT_ONNX_ROUNDS ?? (device === "cpu" ? 12 : 2));
for (const device of deviceNames) {
  const rounds = roundsOn(device);
  describe(`ONNX operators on ${device} against onnxruntime-node, ${rounds} random cases each (seed ${testSeed})`, () => {
    for (const [name, make] of Object.entries(cases)) {
      it(name, async () => {
        await useDevice(device);
        const next = rng(testSeed ^ [...name].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, 7));
        for (let round = 0; round < rounds; round++) {
          const c = make(next);
          const feeds = randomFeeds(c.spec, next, c.custom);
          // a third of the models leave some input sizes dynamic (dim_param), as exporters do; half of those name
          // them by size, so that inputs share dim names at different positions (x: [s3, s4], w: [s4, s3])
          const dynamic = next() < 0.33;
          const bySize = next() < 0.5;
          const param = (v: string, i: number, z: number) => (bySize ? `s${z}` : `${v}_n${i}`);
          const spec: ModelSpec = dynamic ? { ...c.spec, inputs: c.spec.inputs.map((v) => ({ ...v, shape: v.shape!.map((z, i) => (next() < 0.5 ? param(v.name, i, z as number) : z)) })) } : c.spec;
          try {
            await compareWithOrt(spec, feeds, c.tol);
          } catch (e) {
            const node = c.spec.nodes.map((n) => `${n.op}(${n.inputs.join(", ")}) ${JSON.stringify(n.attrs ?? {})}`).join("; ");
            const shapes = JSON.stringify(Object.fromEntries(Object.entries(feeds).map(([k, f]) => [k, f.shape])));
            const inits = JSON.stringify(Object.fromEntries(Object.entries(c.spec.initializers ?? {}).map(([k, v]) => [k, v.shape.length <= 1 && v.data.length <= 8 ? Array.from(v.data) : v.shape])));
            throw new Error(`round ${round}, opset ${c.spec.opset}${dynamic ? " (dynamic sizes)" : ""}: ${node}; inputs ${shapes}; constants ${inits}: ${(e as Error).message}`);
          }
        }
      });
    }
  });
}

/** Each discrepancy the random cases found, as the smallest model that showed it (fixed inputs where they matter). */
const regressions: [string, ModelSpec, Record<string, Feed>][] = [
  [
    "Div of int64 tensors truncates toward zero and stays integer (was a float quotient)",
    one("Div", [{ shape: [4], type: "int64" }, { shape: [4], type: "int64" }], {}, 17, ["int64"]),
    { x0: { data: Int32Array.from([7, -7, 9, -3]), shape: [4], type: "int64" }, x1: { data: Int32Array.from([2, 2, -4, 4]), shape: [4], type: "int64" } },
  ],
  [
    "Gather with fed negative indices counts from the end (was an out-of-range error)",
    one("Gather", [floats(rng(testSeed), [3, 4]), { shape: [2], type: "int64" }], { axis: 1 }),
    { x1: { data: Int32Array.from([-1, -4]), shape: [2], type: "int64" } },
  ],
  [
    "ConvTranspose with auto_pad SAME_UPPER: output = input × stride (was ignored)",
    one("ConvTranspose", [[1, 2, 3, 2], floats(rng(testSeed), [2, 1, 3, 2])], { strides: [2, 1], auto_pad: "SAME_UPPER" }, 11),
    {},
  ],
  [
    "ConvTranspose with auto_pad SAME_LOWER and output_padding",
    one("ConvTranspose", [[1, 2, 3, 4], floats(rng(testSeed), [2, 1, 3, 1])], { strides: [1, 2], output_padding: [0, 1], auto_pad: "SAME_LOWER" }, 11),
    {},
  ],
  [
    "Resize opset 10 nearest shrinking an axis rounds up (onnxruntime's legacy rule; was floor)",
    one("Resize", [[1, 1, 4, 3], { data: [1, 1, 2, 0.75], shape: [4] }], { mode: "nearest" }, 10),
    {},
  ],
];

for (const device of deviceNames) {
  describe(`ONNX operators on ${device}: regressions against onnxruntime-node (seed ${testSeed})`, () => {
    for (const [name, spec, custom] of regressions) {
      it(name, async () => {
        await useDevice(device);
        await compareWithOrt(spec, randomFeeds(spec, rng(testSeed), custom));
      });
    }
  });
}

describe("ONNX import: what it refuses, by name", () => {
  const refused: [string, ModelSpec, RegExp][] = [
    ["an operator outside the table names the node and the op", one("LSTM", [[2, 1, 3], floats(rng(1), [1, 8, 3]), floats(rng(2), [1, 8, 2])], { hidden_size: 2 }), /node 0 "LSTM_0" \(LSTM\).*the operator LSTM is not supported/],
    ["Mod of floats without fmod", one("Mod", [[2], [2]]), /fmod must be 1 for floating-point inputs/],
    ["an output the entry does not compute, when read (MaxPool's Indices)", one("MaxPool", [[1, 1, 4, 4]], { kernel_shape: [2, 2] }, 12, ["float32", "int64"]), /node 0 "MaxPool_0" \(MaxPool\).*its output 1 "y1" is not supported/],
    ["Resize with tf_crop_and_resize (was read as half_pixel)", one("Resize", [[1, 1, 2, 2], { data: [0, 0, 0, 0, 1, 1, 1, 1], shape: [8] }, { data: [1, 1, 2, 2], shape: [4] }], { coordinate_transformation_mode: "tf_crop_and_resize" }, 13), /coordinate_transformation_mode tf_crop_and_resize is not supported/],
    ["Resize with cubic mode", one("Resize", [[1, 1, 2, 2], "", { data: [1, 1, 2, 2], shape: [4] }], { mode: "cubic" }, 13), /its mode cubic is not supported/],
    ["Resize with an axes attribute (opset 18)", one("Resize", [[1, 1, 2, 2], "", { data: [2, 2], shape: [2] }], { axes: [2, 3] }, 18), /axes attribute is not supported/],
    ["ArgMax with select_last_index", one("ArgMax", [[3, 4]], { select_last_index: 1 }, 13, ["int64"]), /select_last_index is not supported/],
    ["Pad with an unknown mode", one("Pad", [[3, 4], i64(0, 1, 0, 1)], { mode: "mirror" }, 13), /its mode mirror is not one of constant, reflect, edge, wrap/],
  ];
  for (const [name, spec, sentence] of refused) {
    it(name, async () => {
      const run = async () => {
        const model = await fromOnnx(buildModel(spec));
        const feeds = randomFeeds(spec, rng(testSeed));
        model.run(Object.fromEntries(model.inputs.map((inp) => [inp.name, tensor(feeds[inp.name]!.data, inp.dims.map((d, i) => [d, feeds[inp.name]!.shape[i]]) as never)])) as never);
      };
      await expect(run()).rejects.toThrow(FormatError);
      await expect(run()).rejects.toThrow(sentence);
    });
  }
});

describe("ONNX import: hostile sizes are refused before anything large is allocated", () => {
  const hostile: [string, ModelSpec][] = [
    ["ConstantOfShape of 10^12 elements", one("ConstantOfShape", [i64(1e6, 1e6)], {}, 13)],
    ["Tile by 10^9", one("Tile", [[2, 2], i64(1, 1e9)], {}, 13)],
    ["Pad by 10^9 (edge)", one("Pad", [[2, 2], i64(0, 1e9, 0, 0)], { mode: "edge" }, 13)],
    ["Pad by 10^9 (constant)", one("Pad", [[2, 2], i64(0, 1e9, 0, 0)], {}, 13)],
    ["Resize to 10^9", one("Resize", [[1, 1, 2, 2], "", "", i64(1, 1, 2, 1e9)], {}, 13)],
    ["MaxPool with ceil_mode and pads of 10^9", one("MaxPool", [[1, 1, 4, 4]], { kernel_shape: [2, 2], pads: [0, 0, 1e9, 0], ceil_mode: 1 }, 11)],
  ];
  for (const [name, spec] of hostile) {
    it(name, async () => {
      const model = await fromOnnx(buildModel(spec));
      const feeds = randomFeeds(spec, rng(testSeed));
      const run = () => {
        const out = model.run(Object.fromEntries(model.inputs.map((inp) => [inp.name, tensor(feeds[inp.name]!.data, inp.dims.map((d, i) => [d, feeds[inp.name]!.shape[i]]) as never)])) as never);
        for (const t of Object.values(out)) t.dataSync();
      };
      expect(run).toThrow(ShapeError);
    });
  }
});
