// Layer: src/backend/webgpu. Scheduled kernel IR (lower.ts ran WebGPU's scheduling passes) -> a WGSL compute
// shader; one template is chosen by the kernel's structure:
//   contraction (one phase Σ a·b over enough rows and columns)  -> tiled, workgroup memory + 4×4 registers
//   phases over long reductions, or few outer points            -> rows: a workgroup per outer point
//   phases over short reductions, and scans                     -> threads: an invocation per outer point
//   no phases                                                   -> elementwise, several points per invocation
//   an online softmax-weighted sum (attention)                  -> online.ts: a workgroup per row (few rows),
//                                                                  or an invocation per row (many)
// Routines have fixed shaders of their own (sort.ts, scatter.ts). Imports the IR and the templates.
import type { Kernel } from "../../kernel/ir.js";
import { contractionPlan, tiledContraction } from "./contraction.js";
import { type WgslCaps, type WgslKernel, extentOf } from "./module.js";
import { onlineRows, onlineThreads } from "./online.js";
import { elementwise, rows, threads } from "./templates.js";
import { InternalError } from "../../../types/errors.js";

export type { WgslCaps, WgslKernel } from "./module.js";

/**
 * Rows (outer points) from which an online softmax-weighted kernel runs an invocation per row (onlineThreads:
 * neighbouring rows share each key's loads) instead of a workgroup per row (onlineRows: its invocations split
 * the keys). Below it a workgroup per row keeps a GPU busier (wg× the invocations). On lavapipe the invocation
 * per row measured 1.2–2.5× faster from 512 rows on (b4–8, d64, seq 128–1024: bench/RESULTS.md), and in its
 * register form (online.ts unrolledThreads) 3–4× faster at b8 × 128 rows; kept at 4096 because a hardware GPU
 * needs the workgroups (1024 rows are 16 workgroups of 64); not yet measured on one.
 */
export const onlineTemplates = { minRowsPerInvocation: 4096 };

/**
 * The WGSL shader of a map or scan kernel, with its dispatch size. `inPlace`: the inputs bound to the output's
 * buffer (read only at the element written, in the stored value after the kernel's reductions: realize.ts
 * bindOn), which the shader reads from `out` (WebGPU binds a buffer that a dispatch writes only once).
 * @example generateWgsl(step.kernel, caps).code // "@group(0) @binding(0) var<storage, read_write> out: …"
 */
export function generateWgsl(k: Kernel, caps: WgslCaps, inPlace: ReadonlySet<number> = new Set()): WgslKernel {
  if (inPlace.size && (k.online || k.mode.kind === "scan")) throw new InternalError(`internal: an online or scan kernel cannot write an input's buffer in place`);
  if (k.online) return extentOf(k.outer) >= onlineTemplates.minRowsPerInvocation ? onlineThreads(k, k.online, caps) : onlineRows(k, k.online, caps);
  if (k.mode.kind === "scan") return threads(k, caps);
  if (k.phases.length === 0) return elementwise(k, caps, inPlace);
  const plan = contractionPlan(k, caps);
  if (plan) return tiledContraction(k, plan, caps, inPlace);
  const longest = Math.max(...k.phases.map((p) => extentOf(p.vars)));
  const points = extentOf(k.outer);
  return longest >= 128 || (longest >= 16 && points < 1024) ? rows(k, caps, inPlace) : threads(k, caps, inPlace);
}
