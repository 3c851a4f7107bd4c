// Layer: src/backend/kernel. THE lowering pipeline, its passes in order (each in passes/, each followed by
// verifyKernel() when verification is on and a dump when NAMED_TENSOR_DEBUG is set):
//   1. plan        graph -> the nodes that get kernels, each lowered to index notation (fusion happens here;
//                  a softmax-weighted sum — attention — becomes one online-softmax kernel, online-softmax.ts);
//                  sorts and scatter-adds become routines (passes/routines.ts), which no pass touches
//   2. simplify    canonical affine addresses, folded constants
//   3. hash        the structural hash, which keys the compiled-code caches (and the scheduled-kernel cache)
//   4+. the device's scheduling passes, listed below per device (`schedules`), in order:
//        cpu:    collapse (merge contiguous loops), reciprocal (x / inv -> x · (1/inv) hoisted), stash (reuse a
//                phase's values in the store), decompose (every scalar function the Wasm generator lacks —
//                exp, log, tanh, erf, sin/cos, pow, atan2, hypot, random draws — written over the IR),
//                contraction (mark Σ_k A·B for the packed matrix-product template)
//        webgpu: collapse, decompose (what WGSL lacks), contraction
// Devices receive scheduled kernels and only generate code. Sparse assignments (src/sparse's ops) enter below
// through `lowerSparseAssignment`: iteration graph -> merge lattices -> taco's loops in the sparse forms of the
// kernel IR (kernel/sparse/), dumped like the dense passes. Imports src/graph + kernel.
import type { Node } from "../../graph/node.js";
import { hashKernel } from "./hash.js";
import type { Kernel } from "./ir.js";
import { collapseLoops } from "./passes/collapse.js";
import { markContraction } from "./passes/contraction.js";
import { type PlanOptions, type Planned, planKernels } from "./passes/plan.js";
import { invariantReciprocals } from "./passes/reciprocal.js";
import { type NativeFunctions, decomposeKernel } from "./passes/decompose.js";
import { simplifyKernel } from "./passes/simplify.js";
import { stashPhaseValues } from "./passes/stash.js";
import { showKernel } from "./print.js";
import { type Routine, showRoutine } from "./routine.js";
import { verifyKernel } from "./verify.js";
import { type LoweredSparse, lowerSparse } from "./sparse/codegen.js";
import { showSparseKernel } from "./sparse/ir.js";
import type { Assignment } from "./sparse/notation.js";

/** One kernel of a program, bound to the nodes it reads and the param values. */
export interface KernelStep {
  readonly kind: "kernel";
  readonly node: Node;
  readonly kernel: Kernel;
  readonly inputs: readonly Node[];
  readonly params: readonly number[];
  /** The node each param's value comes from (kernel/passes/to-index-notation.ts paramValue), by slot. */
  readonly paramNodes: readonly Node[];
  readonly hash: string;
  /** The nodes the kernel's further outputs store (ir.ts moreOutputs), in binding order; empty for most kernels. */
  readonly more: readonly Node[];
}
/** One routine of a program (an operation that cannot be fused), bound to the contiguous nodes it reads. */
export interface RoutineStep {
  readonly kind: "routine";
  readonly node: Node;
  readonly routine: Routine;
  readonly inputs: readonly Node[];
}
export type Step = KernelStep | RoutineStep;

/** A pass over one kernel: a name for the dumps and a function from kernel to kernel. */
export interface KernelPass {
  readonly name: string;
  readonly run: (kernel: Kernel) => Kernel;
}

/** What a device adds to the lowering: its limits for the plan and its scheduling passes, in order. */
export interface LowerOptions extends PlanOptions {
  readonly passes?: readonly KernelPass[];
}

/** The passes every device runs after the plan. */
export const sharedPasses: readonly KernelPass[] = [{ name: "simplify", run: simplifyKernel }];

/** The decomposition pass for a target: every scalar function it lacks, written over the IR (decompose.ts). */
const decompose = (native: NativeFunctions): KernelPass => ({ name: "decompose", run: (k) => decomposeKernel(k, native) });

/**
 * Each device's scheduling passes, in order, given the functions its code generator has natively (the
 * generator declares them: cpu/wasm/opcodes.ts, webgpu/wgsl/syntax.ts). A device builds its list once and
 * names it in its `lowering`.
 */
export const schedules = {
  cpu: (native: NativeFunctions): readonly KernelPass[] => [
    { name: "collapse", run: collapseLoops },
    { name: "reciprocal", run: invariantReciprocals },
    { name: "stash", run: stashPhaseValues },
    decompose(native),
    { name: "contraction", run: markContraction },
  ],
  webgpu: (native: NativeFunctions): readonly KernelPass[] => [{ name: "collapse", run: collapseLoops }, decompose(native), { name: "contraction", run: markContraction }],
} as const;

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
/** Debug dumps after each pass (NAMED_TENSOR_DEBUG=1), and IR verification after each pass. */
export const debugLowering = {
  dump: Boolean(env?.NAMED_TENSOR_DEBUG),
  verify: Boolean(env?.NAMED_TENSOR_DEBUG || env?.VITEST),
  /** Where dumps go (tests replace it to capture them). */
  write: (text: string): void => console.error(text),
};

function dump(pass: string, steps: readonly Planned[]): void {
  if (!debugLowering.dump) return;
  const text = steps.map((s) => (s.kind === "kernel" ? showKernel(s.kernel) : `routine ${showRoutine(s.routine)}`));
  debugLowering.write([`-- after ${pass}: ${steps.length} step(s)`, ...text].join("\n"));
}

/** Scheduled kernels by pass list and structural hash: a structure is scheduled once, like it is compiled once. */
const scheduledCache = new WeakMap<readonly KernelPass[], Map<string, Kernel>>();

/**
 * Lowers the graph under `roots` to kernels and routines in execution order: the plan, then each pass of
 * `sharedPasses` and of the device's `options.passes` on every kernel, verified and dumped after each. The
 * step's hash is the structural hash after the shared passes; the device passes are deterministic in it, so
 * they run once per structure (every time while dumping).
 * @example lowerGraph([x.exp().sum("k").node]).length // 1: the exp is fused into the sum
 */
export function lowerGraph(roots: readonly Node[], options: LowerOptions = {}): Step[] {
  let steps = planKernels(roots, options);
  dump("plan", steps);
  const verify = (which: readonly Planned[]): void => {
    if (debugLowering.verify) for (const s of which) if (s.kind === "kernel") verifyKernel(s.kernel);
  };
  verify(steps);
  for (const pass of sharedPasses) {
    steps = steps.map((s) => (s.kind === "kernel" ? { ...s, kernel: pass.run(s.kernel) } : s));
    verify(steps);
    dump(pass.name, steps);
  }
  const hashes = steps.map((s) => (s.kind === "kernel" ? hashKernel(s.kernel) : ""));
  const passes = options.passes ?? [];
  let cache = scheduledCache.get(passes);
  if (!cache) scheduledCache.set(passes, (cache = new Map()));
  const known = cache;
  const fresh = (s: Planned, i: number): boolean => s.kind === "kernel" && (debugLowering.dump || !known.has(hashes[i]!));
  for (const pass of passes) {
    steps = steps.map((s, i) => (s.kind === "kernel" && fresh(s, i) ? { ...s, kernel: pass.run(s.kernel) } : s));
    verify(steps.filter(fresh));
    dump(pass.name, steps);
  }
  return steps.map((s, i) => {
    if (s.kind === "routine") return { kind: "routine", node: s.node, routine: s.routine, inputs: s.inputs };
    const hash = hashes[i]!;
    const kernel = known.get(hash) ?? s.kernel;
    if (!known.has(hash)) known.set(hash, kernel);
    return { kind: "kernel", node: s.node, kernel, inputs: s.inputs, params: s.params, paramNodes: s.paramNodes, hash, more: s.more ?? [] };
  });
}

/**
 * The kernel steps of lowerGraph's program (routines left out): what a code-generation test or tool inspects.
 * @example lowerKernels([x.softmax("c").node], { passes: cpuPasses })[0].kernel
 */
export function lowerKernels(roots: readonly Node[], options: LowerOptions = {}): KernelStep[] {
  return lowerGraph(roots, options).filter((s): s is KernelStep => s.kind === "kernel");
}

/**
 * The sparse pipeline's passes, in order (kernel/sparse/): the iteration graph (loop order, taco §4), the merge
 * lattice of each variable (§5, with §5.2's dense optimisations) and code generation (§6) into sparse kernels —
 * one, or assemble + compute for a sparse result. Dumped after generation when NAMED_TENSOR_DEBUG is set.
 * @example lowerSparseAssignment(spmv).kernels.length // 1
 */
export function lowerSparseAssignment(a: Assignment): LoweredSparse {
  const lowered = lowerSparse(a);
  if (debugLowering.dump) debugLowering.write([`-- sparse: ${lowered.kernels.length} kernel(s)`, ...lowered.kernels.map(showSparseKernel)].join("\n"));
  return lowered;
}
