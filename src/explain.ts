// Layer: top (beside src/tensor.ts). explain(): the user's window into fusion — the kernels a tensor will
// run, each in tensor index notation and as the code generated for its device. Nothing is computed.
import { deviceOf, explainNode } from "./backend/engine.js";
import { type Tensor, tensorArg } from "./tensor.js";
import type { DType, Shape } from "./types/dims.js";

/**
 * Describes how a tensor will be computed: how many kernels, each kernel's loops and expression in index
 * notation, and its generated code (WebAssembly on the CPU, WGSL on WebGPU).
 * @example
 * console.log(explain(x.neg().exp().add(1).pow(-1)));
 * // 1 kernel … out[i] = recip((exp(-in0[i]) + p0)) … (func $run …)
 */
export function explain(t: Tensor<Shape, DType>, options: { readonly code?: boolean } = {}): string {
  tensorArg("explain", t);
  const device = deviceOf(t.node);
  const header = `Tensor { ${t.node.dims.map((d) => `${d.name}: ${d.size}`).join(", ")} } ${t.dtype} on ${device.name}`;
  if (t.node.storage) return `${header}: already computed; nothing to run`;
  const kernels = explainNode(t.node);
  const parts = kernels.map((k, i) => {
    if (k.kind === "routine") return [`── step ${i + 1} of ${kernels.length}: a routine (not fused; fixed code per device) ──`, indent(k.indexNotation)].join("\n");
    const lines = [`── kernel ${i + 1} of ${kernels.length} (structural hash ${k.hash}) ──`, "index notation:", indent(k.indexNotation)];
    if (options.code !== false) lines.push(`generated code (${k.language}):`, indent(k.code));
    return lines.join("\n");
  });
  const routines = kernels.filter((k) => k.kind === "routine").length;
  const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? "" : "s"}`;
  const summary = routines ? `${count(kernels.length - routines, "kernel")} and ${count(routines, "routine")}` : count(kernels.length, "kernel");
  return [`${header}: ${summary}`, ...parts].join("\n\n");
}

const indent = (text: string): string =>
  text
    .split("\n")
    .map((l) => `  ${l}`)
    .join("\n");
