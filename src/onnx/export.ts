// Layer: src/onnx. ONNX export: the lazy graph under some tensors, from the outputs back to the named inputs,
// becomes an ONNX model (opset 18 by default, built with the onnx-buf schema). Inputs are the tensors the caller
// names (placeholders, usually); every other materialised value the outputs read (variables, persistent state,
// constants) becomes an initializer; random values are fixed at export. Each node goes through the lowering table
// (export-ops.ts). ONNX is positional: each model input and output keeps its axes in the tensor's dim order, with
// the dim names as `dim_param` where a dim is dynamic, and in the doc strings and metadata. Imports src/graph,
// src/types, the Tensor (to read initializer values) and src/onnx.
import type { Node, NodeDim } from "../graph/node.js";
import { type AnyTensor, Tensor, tensorArg } from "../tensor.js";
import type { AnyFail, DType, Fail, Shape } from "../types/dims.js";
import { ArgumentError, type NotAnInputDim, notAnInputDim, takesNot } from "../types/errors.js";
import type { Guard } from "../types/guard.js";
import { type AxisInfo, GraphBuilder, valueInfo } from "./export-builder.js";
import { type Lowering, transposeTo } from "./export-context.js";
import { primitiveOnnx, sourceLike } from "./export-ops.js";

/** Options of `toOnnx`. */
export interface OnnxOptions {
  /** The graph's name (default "named-tensor"). */
  readonly name?: string;
  /** The default-domain opset, 17 or newer (default 18; the bitwise functions need 18). */
  readonly opset?: number;
  /**
   * Dims whose size is left open in the model (`dim_param` named after the dim), such as `["batch"]`: each must
   * be a dim of an input, and the model computes every shape that depends on it from that input at run time.
   */
  readonly dynamic?: readonly string[];
}

type Named = Readonly<Record<string, Tensor<Shape, DType>>>;
/** Every dim name of the inputs (`string` when one has a dynamic rank). */
type InputDims<I> = { [K in keyof I]: I[K] extends Tensor<infer S, DType> ? (number extends S["length"] ? string : S[number][0]) : never }[keyof I];
/** A literal `dynamic` name that no input has, as a Fail; a list built at run time is checked at run time. */
type CheckDynamic<I, O> = O extends { readonly dynamic: readonly unknown[] }
  ? { [K in keyof O["dynamic"]]: O["dynamic"][K] extends infer D extends string ? (string extends D ? "ok" : D extends InputDims<I> ? "ok" : Fail<NotAnInputDim<D>>) : "ok" }[number] extends infer R
    ? [Extract<R, AnyFail>] extends [never]
      ? "ok"
      : Extract<R, AnyFail>
    : never
  : "ok";
const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/**
 * Exports the computation of `outputs` from `inputs` as an ONNX model (the bytes of a `.onnx` file; async because
 * the initializers' values are read from the device that holds them). The model's
 * inputs and outputs are named by the records' keys and keep each tensor's dims in order; dims listed in
 * `options.dynamic` become symbolic (`dim_param`). Variables and other computed values the outputs read become
 * initializers. An output that reads a placeholder not among the inputs, or a dynamic dim whose size an operation
 * needs as a number, is an ArgumentError.
 * @example
 *   const x = placeholder([["batch", 2], ["feature", 4]]);
 *   const p = linearParams(["feature", 4], ["hidden", 3], { seed: 0 });
 *   const bytes = await toOnnx({ y: linear(x, "feature", p.weight, p.bias).tanh() }, { x }, { dynamic: ["batch"] });
 *   // new InferenceSession(bytes) in onnxruntime: input x [batch, 4], output y [batch, 3]
 */
export async function toOnnx<const I extends Named, const O extends OnnxOptions = {}>(outputs: Named, inputs: I, given?: Guard<CheckDynamic<I, O>, O>): Promise<Uint8Array> {
  const options: OnnxOptions = (given ?? {}) as OnnxOptions;
  const outs = checkRecord("outputs", outputs);
  const ins = checkRecord("inputs", inputs);
  for (const name of Object.keys(outs)) if (name in ins) throw new ArgumentError(`toOnnx: "${name}" names both an input and an output`);
  const opset = options.opset ?? 18;
  if (!Number.isInteger(opset) || opset < 17) throw new ArgumentError(takesNot("toOnnx", "an opset of 17 or newer", opset));
  const g = new GraphBuilder();
  const inputNode = new Map<Node, string>();
  for (const [name, t] of Object.entries(ins)) {
    if (inputNode.has(t.node)) throw new ArgumentError(`toOnnx: the inputs "${inputNode.get(t.node)}" and "${name}" are the same tensor`);
    inputNode.set(t.node, name);
  }

  // Dynamic dims: each size is read from the first input that has the dim.
  const sizes = new Map<string, string>();
  for (const dim of options.dynamic ?? []) {
    const found = Object.entries(ins).find(([, t]) => t.node.dims.some((d) => d.name === dim));
    if (!found) throw new ArgumentError(`${notAnInputDim(dim)} (${describeInputs(ins)})`);
    const axis = found[1].node.dims.findIndex((d) => d.name === dim);
    sizes.set(dim, g.node("Shape", [found[0]], { start: axis, end: axis + 1 }));
  }
  const declared = new Set(sizes.keys());

  const dependsOnInput = new Map<Node, boolean>();
  const depends = (n: Node): boolean => {
    let d = dependsOnInput.get(n);
    if (d === undefined) dependsOnInput.set(n, (d = inputNode.has(n) || n.inputs.some(depends)));
    return d;
  };
  const memo = new Map<Node, string>();
  const cx: Lowering = {
    g,
    opset,
    value(n) {
      let v = memo.get(n) ?? inputNode.get(n);
      if (v !== undefined) return v;
      // A computed value whose inputs were dropped when it was read: what it was computed from is gone.
      if (n.storage && n.inputs.length === 0 && !sourceLike[n.op.kind])
        throw new ArgumentError(
          `toOnnx: a ${n.op.kind} value [${n.dims.map((d) => d.name).join(", ")}] the outputs read was already computed and no longer knows its inputs: export before reading values`,
        );
      if (n.storage && !depends(n)) v = cx.fixed(n);
      else v = (primitiveOnnx[n.op.kind] as (node: Node, op: unknown, cx: Lowering) => string)(n, n.op, cx);
      memo.set(n, v);
      return v;
    },
    aligned(n, dims) {
      if (n.op.kind === "fill" && !n.storage && !inputNode.has(n)) return g.scalar(n.op.value, n.dtype);
      const want = dims.filter((d) => n.dims.some((e) => e.name === d.name)).map((d) => d.name);
      const x = transposeTo(
        g,
        cx.value(n),
        n.dims.map((d) => d.name),
        want,
      );
      const missing = dims.map((d, i) => (n.dims.some((e) => e.name === d.name) ? -1 : i)).filter((i) => i >= 0);
      return missing.length ? g.node("Unsqueeze", [x, g.int64(missing)]) : x;
    },
    shape(dims) {
      if (!dims.some((d) => sizes.has(d.name))) return g.int64(dims.map((d) => d.size));
      return g.node(
        "Concat",
        dims.map((d) => cx.size(d)),
        { axis: 0 },
      );
    },
    size: (d) => sizes.get(d.name) ?? g.int64([d.size]),
    staticSize(d, what) {
      if (sizes.has(d.name)) throw new ArgumentError(`toOnnx: the dim "${d.name}" cannot stay dynamic through ${what}: it needs its size`);
      return d.size;
    },
    isDynamic: (name) => sizes.has(name),
    fixed: (n) => initializer(n),
    alias(name, from) {
      const s = sizes.get(from);
      if (s !== undefined && !sizes.has(name)) sizes.set(name, s);
    },
  };

  /** A value fixed at export: named now, its values read (from any device) once the graph is lowered. */
  const fixed: { name: string; node: Node }[] = [];
  function initializer(n: Node): string {
    for (const d of n.dims)
      if (declared.has(d.name)) throw new ArgumentError(`toOnnx: the dim "${d.name}" cannot stay dynamic: a value fixed at export (a variable or constant) has it`);
    const name = g.fresh(`value_${n.op.kind}`);
    fixed.push({ name, node: n });
    return name;
  }

  const axes = (t: AnyTensor): AxisInfo[] => t.node.dims.map((d) => ({ name: d.name, size: d.size, ...(declared.has(d.name) ? { param: d.name } : {}) }));
  const outputInfo = Object.entries(outs).map(([name, t]) => {
    g.nodeN("Identity", [cx.value(t.node)], {}, [name]);
    return valueInfo(name, t.dtype, axes(t));
  });
  for (const { name, node } of fixed) {
    const values = (await new Tensor(node).data()) as Float32Array | Int32Array | Uint8Array;
    g.initializer(name, node.dtype, node.dims.map((d) => d.size), values);
  }
  const metadata: Record<string, string> = {};
  for (const [name, t] of [...Object.entries(ins), ...Object.entries(outs)]) metadata[`dims.${name}`] = JSON.stringify(t.node.dims.map((d) => d.name));
  const describe = (r: Record<string, AnyTensor>) => Object.entries(r).map(([name, t]) => `${name} [${t.node.dims.map((d) => d.name).join(", ")}]`).join(", ");
  return g.toModel({
    name: options.name ?? "named-tensor",
    opset,
    inputs: Object.entries(ins).map(([name, t]) => valueInfo(name, t.dtype, axes(t))),
    outputs: outputInfo,
    docString: `named-tensor export. inputs: ${describe(ins)}; outputs: ${describe(outs)}`,
    metadata,
  });
}

function checkRecord(what: string, r: unknown): Record<string, AnyTensor> {
  if (typeof r !== "object" || r === null || r instanceof Tensor || Array.isArray(r))
    throw new ArgumentError(takesNot("toOnnx", `its ${what} as an object of named tensors such as { x }`, r));
  const entries = Object.entries(r as Record<string, unknown>);
  if (what === "outputs" && entries.length === 0) throw new ArgumentError("toOnnx takes at least one output");
  for (const [name, t] of entries) {
    tensorArg("toOnnx", t, `a tensor as the ${what.slice(0, -1)} "${name}"`);
    if (!NAME.test(name)) throw new ArgumentError(`toOnnx: "${name}" is not a usable ONNX value name (letters, digits, _ . : -)`);
  }
  return r as Record<string, AnyTensor>;
}

const describeInputs = (ins: Record<string, AnyTensor>): string =>
  Object.entries(ins)
    .map(([name, t]) => `${name} [${t.node.dims.map((d: NodeDim) => d.name).join(", ")}]`)
    .join(", ") || "none";

