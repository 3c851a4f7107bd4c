// Layer: src/onnx (top layer: the import, on the public surface only). Rewrites of an imported ONNX graph done
// once when the model is read, so that a run builds less: a BatchNormalization right after a Conv whose weight,
// bias and the normalisation's parameters are all constants is folded into the Conv's weight and bias (as
// onnxruntime's own graph optimiser does); nothing else changes. Imports import-values.ts.
import type { NodeProto } from "onnx-buf";
import { Const } from "./import-values.js";

/** A node of the graph as a run sees it: the ONNX node, its index (for messages), and its inputs and outputs. */
export interface Step {
  readonly index: number;
  readonly node: NodeProto;
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
}

/** A float attribute of a node, or its default. */
const floatAttr = (n: NodeProto, name: string, fallback: number): number => n.attribute.find((a) => a.name === name)?.f ?? fallback;
const intAttr = (n: NodeProto, name: string, fallback: number): number => {
  const a = n.attribute.find((x) => x.name === name);
  return a === undefined ? fallback : Number(a.i);
};

/**
 * The graph's nodes as steps, with each foldable Conv → BatchNormalization pair made one Conv: weight
 * `W[m, …]·a[m]` and bias `(B[m] - mean[m])·a[m] + bias[m]` with `a = scale / √(var + ε)`, computed in float64 and
 * stored as new constants (the names are fresh: `<bn output>.folded_weight` / `.folded_bias`). A pair folds only
 * when the Conv's output feeds the BatchNormalization alone and is no graph output.
 * @example foldBatchNorms(steps, constants, outputs) // one Conv step where a Conv and a BN step were
 */
export function foldBatchNorms(given: readonly Step[], constants: Map<string, Const>, graphOutputs: ReadonlySet<string>): Step[] {
  const users = new Map<string, number>();
  for (const s of given) for (const i of s.inputs) users.set(i, (users.get(i) ?? 0) + 1);
  const producer = new Map<string, number>();
  given.forEach((s, i) => s.outputs.forEach((o) => producer.set(o, i)));
  const steps: (Step | undefined)[] = [...given];
  given.forEach(({ node: bn }, j) => {
    if (bn.opType !== "BatchNormalization" || bn.input.length !== 5 || bn.output.filter((o) => o !== "").length !== 1 || bn.output[0] === "") return;
    if (intAttr(bn, "training_mode", 0) !== 0) return;
    const i = producer.get(bn.input[0]!);
    const conv = i === undefined ? undefined : steps[i];
    if (!conv || conv.node.opType !== "Conv" || conv.outputs.length !== 1 || users.get(bn.input[0]!) !== 1 || graphOutputs.has(bn.input[0]!)) return;
    const [scale, shift, mean, variance] = bn.input.slice(1).map((name) => constants.get(name));
    const w = constants.get(conv.inputs[1] ?? "");
    const b = conv.inputs[2] ? constants.get(conv.inputs[2]) : undefined;
    if (!scale || !shift || !mean || !variance || !w || (conv.inputs[2] && !b) || w.dtype !== "float32" || w.shape.length < 3) return;
    const m = w.shape[0]!;
    if ([scale, shift, mean, variance, ...(b ? [b] : [])].some((c) => c.dtype !== "float32" || c.size !== m)) return;
    const eps = floatAttr(bn, "epsilon", 1e-5);
    const a = Array.from({ length: m }, (_, k) => scale.data[k]! / Math.sqrt(variance.data[k]! + eps));
    const per = w.size / m;
    const weight = new Float32Array(w.size);
    for (let k = 0; k < w.size; k++) weight[k] = w.data[k]! * a[Math.floor(k / per)]!;
    const bias = Float32Array.from({ length: m }, (_, k) => ((b ? b.data[k]! : 0) - mean.data[k]!) * a[k]! + shift.data[k]!);
    const out = bn.output[0]!;
    const [wName, bName] = [`${out}.folded_weight`, `${out}.folded_bias`];
    constants.set(wName, new Const(weight, w.shape, "float32"));
    constants.set(bName, new Const(bias, [m], "float32"));
    steps[i!] = { ...conv, inputs: [conv.inputs[0]!, wName, bName], outputs: [out] };
    steps[j] = undefined;
  });
  return steps.filter((s): s is Step => s !== undefined);
}
