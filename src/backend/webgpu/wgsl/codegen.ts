// Layer: src/backend/webgpu. Scheduled kernel IR (lower.ts ran WebGPU's scheduling passes) -> a WGSL compute
// shader; one template is chosen by the kernel's structure:
//   contraction (one phase Σ a·b over enough rows and columns)  -> tiled, workgroup memory + 4×4 registers
//   phases over long reductions, or few outer points            -> rows: a workgroup per outer point
//   phases over short reductions, and scans                     -> threads: an invocation per outer point
//   no phases                                                   -> elementwise, several points per invocation
//   an online softmax-weighted sum (attention)                  -> online.ts: a workgroup per row
// Routines have fixed shaders of their own (sort.ts, scatter.ts). Imports the IR and the templates.
import type { Kernel } from "../../kernel/ir.js";
import { contractionPlan, tiledContraction } from "./contraction.js";
import { type WgslCaps, type WgslKernel, extentOf } from "./module.js";
import { onlineRows } from "./online.js";
import { elementwise, rows, threads } from "./templates.js";
import { InternalError } from "../../../types/errors.js";

export type { WgslCaps, WgslKernel } from "./module.js";

/**
 * The WGSL shader of a map or scan kernel, with its dispatch size. `inPlace`: the inputs bound to the output's
 * buffer (read only at the element written, in the stored value after the kernel's reductions: realize.ts
 * bindOn), which the shader reads from `out` (WebGPU binds a buffer that a dispatch writes only once).
 * @example generateWgsl(step.kernel, caps).code // "@group(0) @binding(0) var<storage, read_write> out: …"
 */
export function generateWgsl(k: Kernel, caps: WgslCaps, inPlace: ReadonlySet<number> = new Set()): WgslKernel {
  if (inPlace.size && (k.online || k.mode.kind === "scan")) throw new InternalError(`internal: an online or scan kernel cannot write an input's buffer in place`);
  if (k.online) return onlineRows(k, k.online, caps);
  if (k.mode.kind === "scan") return threads(k, caps);
  if (k.phases.length === 0) return elementwise(k, caps, inPlace);
  const plan = contractionPlan(k, caps);
  if (plan) return tiledContraction(k, plan, caps, inPlace);
  const longest = Math.max(...k.phases.map((p) => extentOf(p.vars)));
  const points = extentOf(k.outer);
  return longest >= 128 || (longest >= 16 && points < 1024) ? rows(k, caps, inPlace) : threads(k, caps, inPlace);
}
