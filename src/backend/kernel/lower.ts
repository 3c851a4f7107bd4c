// Layer: src/backend/kernel. THE lowering pipeline, its passes in order (each in passes/, each with a debug
// dump after it when NAMED_TENSOR_DEBUG is set):
//   1. plan       graph -> the nodes that get kernels, each lowered to index notation (fusion happens here)
//   2. simplify   canonical affine addresses, folded constants
//   3. verify     the IR's invariants (always on under NAMED_TENSOR_DEBUG and in tests)
//   4. hash       the structural hash that keys the compiled-code caches of every device
// Devices take the resulting program and generate code (Wasm, WGSL) per kernel. Imports src/graph + kernel.
import type { Node } from "../../graph/node.js";
import { hashKernel } from "./hash.js";
import type { Kernel } from "./ir.js";
import { type PlanOptions, planKernels } from "./passes/plan.js";
import { simplifyKernel } from "./passes/simplify.js";
import { showKernel } from "./print.js";
import { verifyKernel } from "./verify.js";

/** One kernel of a program, bound to the nodes it reads and the param values. */
export interface Step {
  readonly node: Node;
  readonly kernel: Kernel;
  readonly inputs: readonly Node[];
  readonly params: readonly number[];
  readonly hash: string;
}

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
/** Debug dumps after each pass (NAMED_TENSOR_DEBUG=1), and IR verification after each pass. */
export const debugLowering = { dump: Boolean(env?.NAMED_TENSOR_DEBUG), verify: Boolean(env?.NAMED_TENSOR_DEBUG || env?.VITEST) };

function dump(pass: string, steps: readonly { kernel: Kernel }[]): void {
  if (!debugLowering.dump) return;
  console.error(`-- after ${pass}: ${steps.length} kernel(s)`);
  for (const s of steps) console.error(showKernel(s.kernel));
}

/**
 * Lowers the graph under `roots` to kernels in execution order.
 * @example lowerGraph([x.exp().sum("k").node]).length // 1: the exp is fused into the sum
 */
export function lowerGraph(roots: readonly Node[], options: PlanOptions = {}): Step[] {
  const planned = planKernels(roots, options);
  dump("plan", planned);
  const simplified = planned.map((l) => ({ ...l, kernel: simplifyKernel(l.kernel) }));
  dump("simplify", simplified);
  if (debugLowering.verify) for (const s of simplified) verifyKernel(s.kernel);
  return simplified.map((s) => ({ node: s.node, kernel: s.kernel, inputs: s.inputs, params: s.params, hash: hashKernel(s.kernel) }));
}
