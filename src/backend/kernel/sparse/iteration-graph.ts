// Layer: src/backend/kernel/sparse. Iteration graphs (taco §4): the index variables of an assignment and one
// tensor path per operand (and the output) — its variables in storage order. A loop order is a topological
// order of the paths' edges, so each storage tree is walked root to leaf. Paths that must be followed are
// those of tensors with a compressed or singleton level (they can only be iterated in storage order); an
// all-dense tensor supports random access at every level, so its path only breaks ties between two output or
// two summed variables. Among the orders
// allowed, output variables come first (taco §6.2: the loops above the last free variable compute available
// expressions, those below it reduce), then first appearance. A cycle — CSR + CSC — is reported with the
// tensors on it, for the caller to convert one of them (taco's remedy).
// Imports the sparse notation only.
import { type Assignment, type Operand, accessedTensors, operandVars } from "./notation.js";

/** One tensor path: the operand (-1 for the output), its variables in storage order, whether it binds the order. */
export interface TensorPath {
  readonly tensor: number;
  readonly name: string;
  readonly vars: readonly string[];
  readonly hard: boolean;
}

export interface IterationGraph {
  readonly vars: readonly string[];
  readonly paths: readonly TensorPath[];
  /** The loop order (forest order: each path's edges go from an earlier to a later variable). */
  readonly order: readonly string[];
  /** The output's variables. */
  readonly free: readonly string[];
  /** Variables summed over (not in the output). */
  readonly reduction: readonly string[];
}

/** The result when the hard paths have a cycle: the variables on it and the tensors whose paths close it. */
export interface IterationCycle {
  readonly cycle: readonly string[];
  readonly tensors: readonly string[];
}

const isSparse = (o: Operand): boolean => o.levels.some((l) => l.kind !== "dense");

/**
 * The iteration graph of an assignment, or the cycle that prevents one.
 * @example iterationGraph(spmv).order // ["i", "j"]: y(i) = Σ_j A(i,j) x(j) with A in CSR
 */
export function iterationGraph(a: Assignment): IterationGraph | IterationCycle {
  const used = accessedTensors(a.expr);
  const paths: TensorPath[] = [
    { tensor: -1, name: a.output.name, vars: operandVars(a.output), hard: isSparse(a.output) },
    ...used.map((t) => ({ tensor: t, name: a.operands[t]!.name, vars: operandVars(a.operands[t]!), hard: isSparse(a.operands[t]!) })),
  ];
  const vars = [...new Set([...operandVars(a.output), ...used.flatMap((t) => operandVars(a.operands[t]!))])];
  const free = operandVars(a.output);
  const reduction = vars.filter((v) => !free.includes(v));
  const order = topological(vars, paths.filter((p) => p.hard), free);
  if (!Array.isArray(order)) return order;
  // Soft paths (all-dense tensors) break ties where the hard ones allow: try adding them, keep what stays acyclic.
  let accepted = paths.filter((p) => p.hard);
  for (const p of paths.filter((q) => !q.hard)) {
    const tried = topological(vars, [...accepted, p], free);
    if (Array.isArray(tried)) accepted = [...accepted, p];
  }
  const final = topological(vars, accepted, free) as string[];
  return { vars, paths, order: final, free, reduction };
}

/** Kahn's algorithm over the path edges, free variables first, then first appearance; or the cycle. */
function topological(vars: readonly string[], paths: readonly TensorPath[], free: readonly string[]): string[] | IterationCycle {
  const before = new Map(vars.map((v) => [v, new Set<string>()]));
  const sameClass = (u: string, v: string): boolean => free.includes(u) === free.includes(v);
  for (const p of paths)
    for (let k = 1; k < p.vars.length; k++) {
      const [u, v] = [p.vars[k - 1]!, p.vars[k]!];
      // A dense tensor's preference never puts a summed variable above an output one.
      if (u !== v && (p.hard || sameClass(u, v))) before.get(v)!.add(u);
    }
  // Output variables first (taco §6.2), but a variable that indexes only dense tensors last: it is the
  // contiguous inner loop of SpMM's X(col,k) and MTTKRP's C(j,r), where the sparse operands stay put.
  // (A sparse output's variables are sparse ones: dense-in-sparse A times CSR B into CSR keeps i outermost.)
  const sparseVars = new Set(paths.filter((p) => p.hard).flatMap((p) => p.vars));
  const rank = (v: string): number => (sparseVars.size && !sparseVars.has(v) ? 2 * vars.length : free.includes(v) ? 0 : vars.length) + vars.indexOf(v);
  const order: string[] = [];
  const left = new Set(vars);
  while (left.size) {
    const ready = [...left].filter((v) => [...before.get(v)!].every((u) => !left.has(u))).sort((x, y) => rank(x) - rank(y));
    if (!ready.length) {
      const cycle = [...left];
      const tensors = paths.filter((p) => p.vars.filter((v) => left.has(v)).length > 1).map((p) => p.name);
      return { cycle, tensors };
    }
    order.push(ready[0]!);
    left.delete(ready[0]!);
  }
  return order;
}

/** Whether iterationGraph found an order. @example if (isCycle(g)) convert(g.tensors) */
export const isCycle = (g: IterationGraph | IterationCycle): g is IterationCycle => "cycle" in g;

/**
 * The iteration graph as text for explain(): the paths and the loop order.
 * @example showIterationGraph(g) // "paths: y: i; A: i → j; x: j\norder: i, j (Σ j)"
 */
export function showIterationGraph(g: IterationGraph): string {
  const paths = g.paths.map((p) => `${p.name}: ${p.vars.join(" → ")}${p.hard ? "" : " (dense: random access)"}`).join("; ");
  return `paths: ${paths}\norder: ${g.order.join(", ")}${g.reduction.length ? ` (Σ ${g.reduction.join(", ")})` : ""}`;
}
