// Layer: src/backend/kernel, pass 1 of lower.ts. Decides which nodes get a kernel of their own and lowers
// each to index notation: the roots and scans always; a reduction when it cannot be a phase of its
// consumer's kernel or when two kernels would both need it (computing it once beats computing it twice); an
// elementwise value that two kernels would both compute (`SHARED_WORK_LIMIT`: a training step's residual-stream
// gradient feeds many kernels, and inlining its whole subtree into each made kernels of 20+ inputs that redid
// it), or that two reduction phases of one kernel — or a phase and the store, where the stash schedule does not
// cover it — would both compute, past `REPEAT_WORK_LIMIT`;
// and, on devices that bind few buffers per kernel (WebGPU), the part of an expression that reads the most
// buffers when a kernel would read more than `maxInputs`. Everything else is fused into its consumers.
// The limits above are estimates made while lowering; the cost check settles it: once a plan is formed, a kernel
// whose arithmetic as the CPU schedules it (work.ts: each operation once per point of the loops it reads, with
// the stash) exceeds that of the nodes it computes evaluated one by one gets its costliest repeated value
// materialised, and the plan is made again — so the program never recomputes more than fusion saves
// (test/unit/planner-work.test.ts). Online softmax-weighted kernels are exempt: their recomputation is what
// keeps attention's memory linear (online-softmax.ts). Online kernels may write several outputs: a softmax's row
// max and sum wait until the plan knows whether its softmax-weighted sum's kernel stores them, and weighted sums
// over one loop sharing their dot products are merged once the plan is settled (mergeOnlineSums).
// A reduction loop longer than a 32-bit counter can run is split in two (long-loops.ts, `splitLongLoops`).
// Sorts and scatter-adds cannot be fused: they become routines (routines.ts) reading contiguous buffers.
// Output: kernels and routines in an order where inputs come first.
import type { Node } from "../../../graph/node.js";
import { splitLongLoops } from "./long-loops.js";
import { innerOnlineSoftmax, lowerOnlineSoftmax, mergeWeightedSums, softmaxStatistic } from "./online-softmax.js";
import { type PlannedRoutine, contiguousInput, isRoutineNode, planRoutine } from "./routines.js";
import { type Lowered, lowerToIndexNotation } from "./to-index-notation.js";
import { DeviceError, InternalError } from "../../../types/errors.js";
import { stashPhaseValues } from "./stash.js";
import { kernelArithmetic, nodeArithmetic } from "./work.js";

/**
 * Inlined work (simple operations per element) above which a value that two kernels would both compute is
 * materialised: any (a second kernel redoing even one operation per element costs more than the store and
 * reload it saves once the values are in cache, and it keeps kernels from growing to 20+ inputs).
 */
export const SHARED_WORK_LIMIT = 0;
/**
 * The same for a value that two reduction phases (or a phase and the store) of ONE kernel compute: up to three
 * simple operations are recomputed rather than split the kernel — layer norm's centred value, logsumexp's
 * x − max — since a second kernel would write and read the whole tensor again.
 */
export const REPEAT_WORK_LIMIT = 3;

/** One planned step: a fused kernel (with its bindings) or a routine. */
export type Planned = ({ readonly kind: "kernel" } & Lowered) | PlannedRoutine;

export interface PlanOptions {
  /** The most buffers one kernel may read (a device limit); a kernel that would read more is split. */
  readonly maxInputs?: number;
  /**
   * The same for an online kernel (attention and its backward), whose templates bind each input once: its
   * weighted sums read up to eight buffers (q, k, dO, v, the row max, sum and rowsum, a padding mask's lengths).
   */
  readonly maxOnlineInputs?: number;
  /**
   * Whether the device's online kernels may sum across their rows (ir.ts Accumulation: attention's dq in the
   * kernel of dk and dv), which needs each point of an earlier outer loop kept to one thread (the CPU's split).
   */
  readonly accumulateAcrossRows?: boolean;
}

/**
 * Among the nodes `root`'s kernel inlines, the one whose subtree reads the most (but not all) of the kernel's
 * buffers: materialising it takes those reads out of the kernel.
 */
function splitPoint(root: Node, isMaterialized: (n: Node) => boolean, total: number): Node | undefined {
  const reads = new Map<Node, Set<Node>>();
  const visit = (n: Node): Set<Node> => {
    let r = reads.get(n);
    if (r) return r;
    r = new Set();
    reads.set(n, r);
    for (const i of n.inputs) {
      if (isMaterialized(i)) r.add(i);
      else for (const x of visit(i)) r.add(x);
    }
    return r;
  };
  visit(root);
  let best: Node | undefined;
  for (const [n, r] of reads) if (n !== root && r.size >= 2 && r.size < total && (!best || r.size > reads.get(best)!.size)) best = n;
  return best;
}

/** The nodes of `set` that are not inside another one's inlined subtree. */
function outermost(set: ReadonlySet<Node>, isMaterialized: (n: Node) => boolean): Node[] {
  const inside = new Set<Node>();
  const visit = (n: Node): void => {
    for (const i of n.inputs) {
      if (isMaterialized(i) || inside.has(i)) continue;
      inside.add(i);
      visit(i);
    }
  };
  for (const n of set) visit(n);
  return [...set].filter((n) => !inside.has(n));
}

/**
 * Whether a kernel does more arithmetic than the nodes it computes would evaluated one by one (work.ts): its
 * scheduled form (with the stash the CPU gives it) against each node inside it once per element.
 */
function recomputes(l: Lowered, isMaterialized: (n: Node) => boolean): boolean {
  let alone = 0;
  const seen = new Set<Node>();
  const visit = (n: Node): void => {
    if (seen.has(n) || (n !== l.node && isMaterialized(n))) return;
    seen.add(n);
    alone += nodeArithmetic(n);
    n.inputs.forEach(visit);
  };
  visit(l.node);
  return kernelArithmetic(stashPhaseValues(l.kernel)) > alone;
}

/** Whether x's inlined subtree reads one of `nodes`. */
function readsAny(x: Node, nodes: ReadonlySet<Node>, isMaterialized: (n: Node) => boolean): boolean {
  const seen = new Set<Node>();
  const visit = (n: Node): boolean => {
    if (nodes.has(n)) return true;
    if (seen.has(n) || isMaterialized(n)) return false;
    seen.add(n);
    return n.inputs.some(visit);
  };
  return visit(x);
}

/**
 * Weighted sums over the same loop that share their dot products become one kernel with several outputs
 * (online-softmax.ts mergeWeightedSums: attention's dk and dv, one pass over the queries for both), when neither
 * depends on the other; `lowered` is updated in place (every node of the merged kernel maps to it).
 */
function mergeOnlineSums(lowered: Map<Node, Planned>, maxInputs: number | undefined, acrossRows: boolean): void {
  const sums = () => [...new Set(lowered.values())].filter((l): l is Planned & { kind: "kernel" } => l.kind === "kernel" && l.kernel.online?.result === "sum" && l.kernel.inner.length > 0);
  /** Whether the step computing `from` reads `target`, directly or through other steps. */
  const reads = (from: Planned, target: Node, seen = new Set<Planned>()): boolean => {
    if (seen.has(from)) return false;
    seen.add(from);
    return from.inputs.some((x) => x === target || ((l) => l !== undefined && reads(l, target, seen))(lowered.get(x)));
  };
  for (let merged = true; merged; ) {
    merged = false;
    const list = sums().sort((x, y) => y.kernel.online!.phases.length - x.kernel.online!.phases.length);
    for (const [i, a] of list.entries()) {
      for (const b of list.slice(i + 1)) {
        if (reads(a, b.node) || reads(b, a.node) || (a.more ?? []).some((x) => reads(b, x))) continue;
        const l = mergeWeightedSums(a, b, maxInputs, acrossRows);
        if (!l) continue;
        const step: Planned = { kind: "kernel", ...l };
        for (const n of [l.node, ...(l.more ?? [])]) lowered.set(n, step);
        merged = true;
        break;
      }
      if (merged) break;
    }
  }
}

/** Lowers the graph under `roots` into kernels, dependencies first. @example planKernels([t.node]) */
export function planKernels(roots: readonly Node[], options: PlanOptions = {}): Planned[] {
  // Nodes that two kernels both wanted to fuse: computed once, by their own kernel. Each attempt starts over
  // from the roots and these, so materialisations made by an abandoned attempt do not linger.
  const forced = new Set<Node>();
  // who reads each node (the online-softmax fusion looks for a forward's output its backward can read)
  const readers = new Map<Node, Node[]>();
  const seen = new Set<Node>(roots);
  for (const stack = [...roots]; stack.length; ) {
    const n = stack.pop()!;
    if (n.storage) continue;
    for (const i of n.inputs) {
      const list = readers.get(i);
      if (list) list.push(n);
      else readers.set(i, [n]);
      if (!seen.has(i)) {
        seen.add(i);
        stack.push(i);
      }
    }
  }
  const consumers = (n: Node): readonly Node[] => readers.get(n) ?? [];
  // Softmax statistics an online kernel may not store as further outputs: a kernel its own inputs depend on
  // reads them (its values are computed from that softmax's max or sum), found by the ordering below.
  const unproducible = new Set<Node>();
  for (;;) {
    const before = forced.size;
    const own = new Set([...roots.filter((r) => !r.storage), ...forced]);
    const lowered = new Map<Node, Planned>();
    const claimedBy = new Map<Node, Node>();
    const queue = [...own];
    let splitForInputs = false;
    const sharedReductions = new Set<Node>();
    const sharedValues = new Set<Node>();
    const isMaterialized = (n: Node): boolean => n.storage !== undefined || own.has(n);
    // A softmax's row max or sum that gets a kernel (another kernel reads it) waits: the softmax-weighted sum's
    // online kernel stores it as a further output when this plan has one (`produces`); else it is lowered alone.
    const waited = new Set<Node>();
    const waiting: Node[] = [];
    const produces = (x: Node): boolean => waited.has(x) && !lowered.has(x) && !unproducible.has(x);
    for (;;) {
      if (!queue.length) {
        queue.push(...waiting.filter((x) => !lowered.has(x)));
        waiting.length = 0;
        if (!queue.length) break;
      }
      const n = queue.pop()!;
      if (lowered.has(n)) continue;
      if (!waited.has(n) && softmaxStatistic(n, consumers)) {
        waited.add(n);
        waiting.push(n);
        continue;
      }
      const materialize = (x: Node): void => {
        if (!own.has(x) && !x.storage) {
          own.add(x);
          queue.push(x);
        }
      };
      if (isRoutineNode(n)) {
        // A routine reads whole buffers: each input gets its own kernel unless it is stored contiguously.
        const inputs = n.inputs.map((x) => contiguousInput(x));
        for (const x of inputs) materialize(x);
        lowered.set(n, planRoutine(n, inputs));
        continue;
      }
      // a softmax-weighted sum (attention) is one online-softmax kernel of its own, and so is a weighted sum that
      // recomputes softmax's probabilities from its stored row max and sum (attention's backward; online-softmax.ts)
      for (const x of innerOnlineSoftmax(n, isMaterialized)) materialize(x);
      let l = lowerOnlineSoftmax(n, isMaterialized, materialize, consumers, produces) ?? lowerToIndexNotation(n, isMaterialized, materialize);
      const limit = l.kernel.online ? (options.maxOnlineInputs ?? options.maxInputs) : options.maxInputs;
      // a further output takes a binding too: past the device's limit, the statistics get kernels of their own
      if (l.more && limit !== undefined && l.inputs.length + l.more.length > limit) l = lowerOnlineSoftmax(n, isMaterialized, materialize, consumers)!;
      if (limit !== undefined && l.inputs.length > limit) {
        const split = splitPoint(n, isMaterialized, l.inputs.length);
        if (!split) throw new DeviceError(`a kernel reads ${l.inputs.length} buffers and cannot be split below this device's limit of ${limit}`);
        forced.add(split);
        splitForInputs = true;
        break;
      }
      for (const r of [...l.fused, ...[...l.inlined].filter(([, work]) => work > SHARED_WORK_LIMIT).map(([x]) => x)]) {
        const other = claimedBy.get(r);
        if (other && other !== n) (r.op.kind === "reduce" ? sharedReductions : sharedValues).add(r);
        claimedBy.set(r, n);
      }
      for (const r of l.repeated) if (l.inlined.get(r)! > REPEAT_WORK_LIMIT) sharedValues.add(r);
      const step: Planned = { kind: "kernel", ...l };
      lowered.set(n, step);
      for (const x of l.more ?? []) lowered.set(x, step);
    }
    // A value one kernel inlined (or fused as a phase) that a later kernel of this attempt materialised — a costly
    // value a reduction would recompute, a routine's input — is computed twice: the kernel that inlined it reads it.
    for (const [r, n] of claimedBy) if (r !== n && own.has(r)) (r.op.kind === "reduce" ? sharedReductions : sharedValues).add(r);
    // An online-softmax kernel whose softmax row max and sum another kernel needs too (a backward pass) finds
    // them shared here: they are stored (linear in the sequence), and the next attempt reads them.
    // Shared reductions first: forcing one changes which kernels exist, and with them which values are shared.
    // Of shared values, only the outermost: their subtrees move into their own kernels with them, and a part
    // still shared after that is found by the next attempt.
    for (const r of sharedReductions.size ? sharedReductions : outermost(sharedValues, isMaterialized)) forced.add(r);
    if (splitForInputs || sharedReductions.size || sharedValues.size) continue;
    // The cost check: a kernel whose arithmetic (as the CPU schedules it) exceeds that of the nodes it computes
    // evaluated one by one recomputes more than fusing saves; its costliest repeated value is materialised.
    // A value that reads none of the kernel's own reductions goes first: materialising one that does moves that
    // reduction to a kernel of its own, one more pass over its input.
    for (const l of lowered.values()) {
      if (l.kind !== "kernel" || l.kernel.online) continue;
      const twice = l.repeated.length ? l.repeated : (l.twice ?? []);
      if (!twice.length || !recomputes(l, isMaterialized)) continue;
      const phases = new Set(l.fused);
      const free = twice.filter((x) => !readsAny(x, phases, isMaterialized));
      forced.add((free.length ? free : twice).reduce((a, b) => (l.inlined.get(b)! > l.inlined.get(a)! ? b : a)));
    }
    if (forced.size > before) continue;
    mergeOnlineSums(lowered, options.maxOnlineInputs ?? options.maxInputs, options.accumulateAcrossRows ?? false);
    const order: Planned[] = [];
    const [done, visiting] = [new Set<Planned>(), new Set<Planned>()];
    let cycle = false;
    const added = new Set<Node>();
    const visit = (n: Node): void => {
      const l = lowered.get(n);
      if (!l || done.has(l)) return;
      if (visiting.has(l)) {
        // a kernel whose inputs need one of its own further outputs: those get kernels of their own next time
        cycle = true;
        for (const x of l.kind === "kernel" ? (l.more ?? []) : []) if (!unproducible.has(x)) added.add(x);
        return;
      }
      visiting.add(l);
      for (const i of l.inputs) visit(i);
      done.add(l);
      order.push(l.kind === "kernel" ? { ...l, kernel: splitLongLoops(l.kernel) } : l);
    };
    for (const r of roots) visit(r);
    if (cycle && !added.size) throw new InternalError("internal: the planned kernels read each other's outputs in a cycle");
    if (cycle) {
      for (const x of added) unproducible.add(x);
      continue;
    }
    return order;
  }
}
