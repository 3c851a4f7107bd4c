// Layer: src/backend. THE realize loop, one for every device: plan → lower (kernel/lower.ts, with the device's
// scheduling passes) → compile (device.prepare) → dispatch (device.begin()…finish()), then materialise the
// requested nodes and release the temporaries between kernels. The one place that knows both the graph and
// the device contract (device-contract.ts); devices never see a node. Imports src/graph, the kernel
// pipeline, the contract, and the float64 reference interpreter (for devices that interpret the graph).
import { type DType, type Node, contiguousStrides } from "../graph/node.js";
import { evaluate } from "./cpu/reference.js";
import type { BufferView, Device, DeviceBuffer, KernelReport, TypedArray } from "./device-contract.js";
import { lowerGraph } from "./kernel/lower.js";
import { showKernel } from "./kernel/print.js";
import { showRoutine } from "./kernel/routine.js";

/** Test hooks: `observe` sees the nodes of every realize (the demo test checks each step runs the same program). */
export const realizeHooks: { observe?: (nodes: readonly Node[]) => void } = {};

/**
 * Computes the nodes that are not materialised yet on `device` and materialises them (their inputs live on
 * it or are lazy). Temporaries between kernels are freed once the program is done; they keep their graph,
 * so reading one later recomputes it.
 * @example realizeOn(getDefaultDevice(), [x.exp().sum("k").node]) // one fused kernel runs
 */
export function realizeOn(device: Device, nodes: readonly Node[]): void {
  const todo = nodes.filter((n) => !n.storage);
  if (todo.length === 0) return;
  realizeHooks.observe?.(todo);
  if (device.interpretsGraph) return interpret(device, todo);
  const requested = new Set(todo);
  const steps = lowerGraph(todo, device.lowering);
  const program = device.begin();
  const temporaries: Node[] = [];
  try {
    for (const step of steps) {
      const { node } = step;
      const inputs = step.inputs.map((n) => n.storage!.buffer);
      const out = device.allocate(node.dtype, node.numel);
      out.retain();
      try {
        if (step.kind === "kernel") program.dispatch(device.prepare(step.kernel, step.hash), out, inputs, step.params);
        else program.routine(step.routine, out, inputs);
        const keep = requested.has(node);
        node.materialize({ buffer: out, strides: contiguousStrides(node.dims), offset: 0 }, !keep);
        if (!keep) temporaries.push(node);
      } finally {
        out.release();
      }
    }
  } finally {
    try {
      program.finish();
    } finally {
      for (const n of temporaries) n.release();
    }
  }
}

/** The float64 reference interpreter computes the nodes; the device holds the values. */
function interpret(device: Device, nodes: readonly Node[]): void {
  const memo = new Map<Node, Float64Array>();
  for (const node of nodes) {
    const values = evaluate(node, memo);
    const buffer = device.upload(toDType(values, node.dtype), node.dtype);
    node.materialize({ buffer, strides: contiguousStrides(node.dims), offset: 0 });
  }
}

/** Float64 values as the typed array of a dtype (bool as 0/1 bytes). */
function toDType(values: Float64Array, dtype: DType): TypedArray {
  if (dtype === "float32") return Float32Array.from(values);
  if (dtype === "int32") return Int32Array.from(values);
  return Uint8Array.from(values, (v) => (v ? 1 : 0));
}

/** How a materialised node's values lie in its buffer. @example viewOf(x.node).strides */
export function viewOf(node: Node): BufferView {
  const s = node.storage!;
  return { buffer: s.buffer as DeviceBuffer, dtype: node.dtype, sizes: node.dims.map((d) => d.size), strides: s.strides, offset: s.offset };
}

/**
 * The kernels and routines that realizing these nodes on `device` would run, with the code generated for each
 * kernel (nothing is compiled or run).
 * @example explainOn(getDefaultDevice(), [x.softmax("c").node])[0].indexNotation
 */
export function explainOn(device: Device, nodes: readonly Node[]): KernelReport[] {
  const todo = nodes.filter((n) => !n.storage);
  if (todo.length === 0) return [];
  return lowerGraph(todo, device.lowering).map((s) => {
    if (s.kind === "routine") {
      return { kind: "routine", hash: s.routine.kind, indexNotation: `routine ${showRoutine(s.routine)}`, code: "(a routine: fixed code per device, no kernel is generated)", language: "none" };
    }
    const generated = device.interpretsGraph
      ? { code: "(reference interpreter: no code is generated)", language: "none" }
      : device.generatedCode(s.kernel);
    return { kind: "kernel", hash: s.hash, indexNotation: showKernel(s.kernel), ...generated };
  });
}
