// Layer: src/backend/webgpu. Kernel IR -> a WGSL compute shader. Loops are collapsed where memory is contiguous
// (the shared scheduling pass), then one template is chosen by the kernel's structure:
//   contraction (one phase Σ a·b over enough rows and columns)  -> tiled, workgroup memory + 4×4 registers
//   phases over long reductions, or few outer points            -> rows: a workgroup per outer point
//   phases over short reductions, and scans                     -> threads: an invocation per outer point
//   no phases                                                   -> elementwise, several points per invocation
// Sort kernels run their keys as a map kernel, then sort.ts's rank kernel. Imports the IR and the templates.
import { collapseLoops } from "../../kernel/passes/collapse.js";
import { decomposeKernel } from "../../kernel/passes/decompose.js";
import type { Expr, Kernel } from "../../kernel/ir.js";
import { contractionPlan, tiledContraction } from "./contraction.js";
import { type WgslCaps, type WgslKernel, extentOf } from "./module.js";
import { wgslNative } from "./syntax.js";
import { elementwise, rows, threads } from "./templates.js";

export type { WgslCaps, WgslKernel } from "./module.js";

/**
 * The WGSL shader of a map or scan kernel, with its dispatch size.
 * @example generateWgsl(step.kernel, caps).code // "@group(0) @binding(0) var<storage, read_write> out: …"
 */
export function generateWgsl(kernel: Kernel, caps: WgslCaps): WgslKernel {
  if (kernel.mode.kind === "sort") throw new Error("internal: sort kernels run their keys as a map kernel");
  const k = decomposeKernel(collapseLoops(kernel), wgslNative);
  if (k.mode.kind === "scan") return threads(k, caps);
  if (k.phases.length === 0) return elementwise(k, caps);
  const plan = contractionPlan(k, caps);
  if (plan) return tiledContraction(k, plan, caps);
  const longest = Math.max(...k.phases.map((p) => extentOf(p.vars)));
  const points = extentOf(k.outer);
  return longest >= 128 || (longest >= 16 && points < 1024) ? rows(k, caps) : threads(k, caps);
}

/**
 * The map kernel computing a sort kernel's keys (f32, or i32 for int and bool values) into a scratch buffer;
 * sort.ts's rank kernel then writes the positions. @example generateWgsl(sortKeys(k), caps)
 */
export function sortKeys(kernel: Kernel): Kernel {
  const type = kernel.value.type === "f32" ? "f32" : "i32";
  const value: Expr = kernel.value.type === "bool" ? { op: "cast", type: "i32", x: kernel.value } : kernel.value;
  return { ...kernel, mode: { kind: "map" }, value, output: { ...kernel.output, type } };
}
