// Layer: src/onnx (top layer: the import, on the public surface only). Rewrites of an imported ONNX graph done
// once when the model is read, so that a run builds less: a BatchNormalization right after a Conv or ConvTranspose
// whose weight, bias and the normalisation's parameters are all constants is folded into its weight and bias (as
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

/** The steps' value names read by how many steps, and the step that computes each. */
function uses(steps: readonly Step[]): { users: Map<string, number>; producer: Map<string, number> } {
  const users = new Map<string, number>();
  for (const s of steps) for (const i of s.inputs) users.set(i, (users.get(i) ?? 0) + 1);
  const producer = new Map<string, number>();
  steps.forEach((s, i) => s.outputs.forEach((o) => producer.set(o, i)));
  return { users, producer };
}

/**
 * The steps with each `Add(conv output, per-channel constant)` folded into the Conv's or ConvTranspose's bias
 * (exporters such as paddle2onnx write a ConvTranspose's bias as a separate Add, which would then keep the
 * BatchNormalization after it from folding). The constant must be one value per output channel in the channel's
 * place (`[M, 1, 1]`, `[1, M, 1, 1]`); the conv output must feed the Add alone and be no graph output.
 * @example foldBiasAdds(steps, constants, outputs) // ConvTranspose(x, W) + b[M, 1, 1] → ConvTranspose(x, W, b)
 */
export function foldBiasAdds(given: readonly Step[], constants: Map<string, Const>, graphOutputs: ReadonlySet<string>): Step[] {
  const { users, producer } = uses(given);
  const steps: (Step | undefined)[] = [...given];
  given.forEach(({ node: add, inputs, outputs }, j) => {
    if (add.opType !== "Add" || inputs.length !== 2 || outputs.length !== 1) return;
    for (const [x, k] of [inputs, [...inputs].reverse()] as [string, string][]) {
      const i = producer.get(x);
      const conv = i === undefined ? undefined : steps[i];
      const c = constants.get(k);
      const w = conv ? constants.get(conv.inputs[1] ?? "") : undefined;
      if (!conv || !c || !w || !["Conv", "ConvTranspose"].includes(conv.node.opType) || conv.outputs.length !== 1 || users.get(x) !== 1 || graphOutputs.has(x)) continue;
      const m = conv.node.opType === "Conv" ? w.shape[0]! : w.shape[1]! * intAttr(conv.node, "group", 1);
      const rank = w.shape.length;
      const shape = [...new Array<number>(Math.max(0, rank - c.shape.length)).fill(1), ...c.shape];
      if (c.dtype !== "float32" || w.dtype !== "float32" || shape.length !== rank || shape.some((z, a) => z !== (a === 1 ? m : 1))) continue;
      const b = conv.inputs[2] ? constants.get(conv.inputs[2]) : undefined;
      if (conv.inputs[2] && (!b || b.size !== m)) continue;
      const name = `${outputs[0]}.folded_bias`;
      constants.set(name, new Const(Float32Array.from({ length: m }, (_, q) => (b ? b.data[q]! : 0) + c.data[q]!), [m], "float32"));
      steps[i!] = { ...conv, inputs: [conv.inputs[0]!, conv.inputs[1]!, name], outputs: [outputs[0]!] };
      steps[j] = undefined;
      return;
    }
  });
  return steps.filter((s): s is Step => s !== undefined);
}

/**
 * The graph's nodes as steps, with each foldable Conv (or ConvTranspose) → BatchNormalization pair made one
 * Conv: weight `W[m, …]·a[m]` (each element scaled by its output channel's `a`) and bias `(B[m] - mean[m])·a[m] + bias[m]` with `a = scale / √(var + ε)`, computed in float64 and
 * stored as new constants (the names are fresh: `<bn output>.folded_weight` / `.folded_bias`). A pair folds only
 * when the Conv's output feeds the BatchNormalization alone and is no graph output.
 * @example foldBatchNorms(steps, constants, outputs) // one Conv step where a Conv and a BN step were
 */
export function foldBatchNorms(given: readonly Step[], constants: Map<string, Const>, graphOutputs: ReadonlySet<string>): Step[] {
  const { users, producer } = uses(given);
  const steps: (Step | undefined)[] = [...given];
  given.forEach(({ node: bn, inputs: bnInputs, outputs: bnOutputs }, j) => {
    if (bn.opType !== "BatchNormalization" || bnInputs.length !== 5 || bnOutputs.filter((o) => o !== "").length !== 1 || bnOutputs[0] === "") return;
    if (intAttr(bn, "training_mode", 0) !== 0) return;
    const i = producer.get(bnInputs[0]!);
    const conv = i === undefined ? undefined : steps[i];
    const transposed = conv?.node.opType === "ConvTranspose";
    if (!conv || (conv.node.opType !== "Conv" && !transposed) || conv.outputs.length !== 1 || users.get(bnInputs[0]!) !== 1 || graphOutputs.has(bnInputs[0]!)) return;
    const [scale, shift, mean, variance] = bnInputs.slice(1).map((name) => constants.get(name));
    const w = constants.get(conv.inputs[1] ?? "");
    const b = conv.inputs[2] ? constants.get(conv.inputs[2]) : undefined;
    if (!scale || !shift || !mean || !variance || !w || (conv.inputs[2] && !b) || w.dtype !== "float32" || w.shape.length < 3) return;
    // The output channel of each weight element: Conv's W is M × C/group × k…; ConvTranspose's C × M/group × k…,
    // where input channel c's group gives the output channel (c div C/group)·M/group + j.
    const group = intAttr(conv.node, "group", 1);
    const [c0, c1] = [w.shape[0]!, w.shape[1]!];
    const m = transposed ? c1 * group : c0;
    if (transposed && c0 % group !== 0) return;
    if ([scale, shift, mean, variance, ...(b ? [b] : [])].some((c) => c.dtype !== "float32" || c.size !== m)) return;
    const eps = floatAttr(bn, "epsilon", 1e-5);
    const a = Array.from({ length: m }, (_, k) => scale.data[k]! / Math.sqrt(variance.data[k]! + eps));
    const rest = w.size / (c0 * c1);
    const channelOf = (k: number): number => {
      if (!transposed) return Math.floor(k / (c1 * rest));
      const c = Math.floor(k / (c1 * rest));
      return Math.floor(c / (c0 / group)) * c1 + (Math.floor(k / rest) % c1);
    };
    const weight = new Float32Array(w.size);
    for (let k = 0; k < w.size; k++) weight[k] = w.data[k]! * a[channelOf(k)]!;
    const bias = Float32Array.from({ length: m }, (_, k) => ((b ? b.data[k]! : 0) - mean.data[k]!) * a[k]! + shift.data[k]!);
    const out = bnOutputs[0]!;
    const [wName, bName] = [`${out}.folded_weight`, `${out}.folded_bias`];
    constants.set(wName, new Const(weight, w.shape, "float32"));
    constants.set(bName, new Const(bias, [m], "float32"));
    steps[i!] = { ...conv, inputs: [conv.inputs[0]!, wName, bName], outputs: [out] };
    steps[j] = undefined;
  });
  return steps.filter((s): s is Step => s !== undefined);
}
