// Layer: src/backend/kernel. The readable form of a kernel: tensor index notation with its loops, e.g.
//   out[b, q] = exp(in0[b*5 + q] - %0) / %1   with %0 = max_{key} in0[…], %1 = sum_{key} exp(…).
// Used by explain(), debug dumps and snapshot tests; how a function prints is its ALU record's. Imports only
// the IR and the ALU table.
import { showIndex } from "../../graph/index-expr.js";
import { binaryAlu } from "./alu.js";
import { type Expr, type Kernel, type LoopVar, children, onlineExprs } from "./ir.js";

/**
 * An expression in index notation; a subexpression `named` is shown by its name (a shared value of a large
 * DAG, see showKernel). @example showExpr(k.value) // "exp(in0[i] - %0)"
 */
export function showExpr(e: Expr, named?: ReadonlyMap<Expr, string>): string {
  const name = named?.get(e);
  if (name !== undefined) return name;
  const showExpr_ = (x: Expr): string => showExpr(x, named);
  switch (e.op) {
    case "const":
      return e.type === "bool" ? String(e.value !== 0) : String(e.value);
    case "param":
      return `p${e.slot}`;
    case "idx":
      return e.index.op === "var" ? e.index.name : `(${showIndex(e.index)})`;
    case "load": {
      const dyn = e.dynamic ? ` + ${showExpr_(e.dynamic.value)}*${e.dynamic.stride}` : "";
      const at = `in${e.input}[${showIndex(e.index)}${dyn}]`;
      return e.guard ? `${at}?` : at;
    }
    case "random":
      return `uniform(${showExpr_(e.seed)}, ${e.stream}, ${showIndex(e.index)})`;
    case "unary":
      return `${e.fn}(${showExpr_(e.x)})`;
    case "binary": {
      const op = binaryAlu[e.fn].infix;
      return op ? `(${showExpr_(e.a)} ${op} ${showExpr_(e.b)})` : `${e.fn}(${showExpr_(e.a)}, ${showExpr_(e.b)})`;
    }
    case "where":
      return `(${showExpr_(e.cond)} ?${e.rare ? "(rare)" : ""} ${showExpr_(e.a)} : ${showExpr_(e.b)})`;
    case "cast":
      return `${e.type}(${showExpr_(e.x)})`;
    case "reduced":
      return `%${e.phase}`;
    case "stashed":
      return "stashed";
  }
}

const loops = (vars: readonly LoopVar[]): string => vars.map((v) => `${v.name}<${v.extent}>`).join(", ");

/** Printed as a tree, a kernel may not exceed this many nodes; a larger one names its shared values. */
const TREE_LIMIT = 600;

/**
 * The shared subexpressions to name when the kernel's expressions, printed as trees, would exceed TREE_LIMIT
 * nodes (a decomposed kernel is a DAG whose tree is exponentially large), in definition order.
 */
function sharedNames(roots: readonly Expr[]): Map<Expr, string> {
  const uses = new Map<Expr, number>();
  const treeSize = new Map<Expr, number>();
  const size = (e: Expr): number => {
    uses.set(e, (uses.get(e) ?? 0) + 1);
    let n = treeSize.get(e);
    if (n === undefined) {
      n = 1 + children(e).reduce((sum, c) => sum + size(c), 0);
      treeSize.set(e, n);
    }
    return n;
  };
  const total = roots.reduce((sum, r) => sum + size(r), 0);
  const names = new Map<Expr, string>();
  if (total <= TREE_LIMIT) return names;
  const visit = (e: Expr): void => {
    if (names.has(e)) return;
    for (const c of children(e)) visit(c);
    if (children(e).length && (uses.get(e) ?? 0) > 1) names.set(e, `t${names.size}`);
  };
  roots.forEach(visit);
  return names;
}

/** The whole kernel, one line per loop level. @example console.log(showKernel(k)) */
export function showKernel(k: Kernel): string {
  const roots = [...k.phases.flatMap((p) => (p.stash ? [p.body, p.stash] : [p.body])), ...onlineExprs(k), k.value];
  const named = sharedNames(roots);
  const showExpr_ = (e: Expr): string => showExpr(e, named);
  const lines: string[] = [];
  const ins = k.inputs.map((x, i) => `in${i}: ${x.type}[${x.length}]`).join(", ");
  const ps = k.params.map((t, i) => `p${i}: ${t}`).join(", ");
  lines.push(`kernel ${k.mode.kind}${k.mode.kind === "scan" ? `(${k.mode.fn})` : ""} -> out: ${k.output.type}[${k.output.length}]`);
  if (ins || ps) lines.push(`  reads ${[ins, ps].filter(Boolean).join("; ")}`);
  let indent = "  ";
  if (k.outer.length) {
    lines.push(`${indent}for ${loops(k.outer)}:`);
    indent += "  ";
  }
  k.phases.forEach((p, i) => {
    lines.push(`${indent}%${i} = ${p.fn}_{${loops(p.vars)}} ${showExpr_(p.body)}`);
    if (p.stash) lines.push(`${indent}  (stashing ${showExpr_(p.stash)} in out)`);
  });
  const o = k.online;
  if (o) {
    // the online softmax-weighted sum (ir.ts OnlineSoftmax): one pass over its vars with a running max
    const n = o.phases.length;
    const what = { softmax: "Σ weight · value / Σ weight, rescaled as the max grows", sum: "Σ weight · value", max: "the max of the logits" }[o.result ?? "softmax"];
    lines.push(`${indent}online ${o.result ?? "softmax"} over ${loops(o.vars)}: out = ${what}`);
    o.phases.forEach((p, i) => lines.push(`${indent}  %${i} = ${p.fn}_{${loops(p.vars)}} ${showExpr_(p.body)}`));
    lines.push(`${indent}  %${n} = ${showExpr_(o.logit)}   (%${n + 1}, %${n + 2}: the running max before and after it)`);
    lines.push(`${indent}  %${n + 2} = ${showExpr_(o.runningMax)}; weight = ${showExpr_(o.weight)}; rescale = ${showExpr_(o.rescale)}`);
    (o.rowOutputs ?? []).forEach((r, i) => lines.push(`${indent}  out${i + 1}[${showIndex(r.index)}] = the row's ${r.stat === "max" ? "max" : "denominator"} at the loop's end`));
    (o.accumulations ?? []).forEach((a, i) => {
      const slot = (o.rowOutputs?.length ?? 0) + i + 1;
      lines.push(`${indent}  for ${loops(a.inner)}: out${slot}[${showIndex(a.index)}] accumulates ${showExpr_(a.weight)} · ${showExpr_(a.value)}`);
    });
  }
  if (k.inner.length) {
    lines.push(`${indent}for ${loops(k.inner)}:`);
    indent += "  ";
  }
  lines.push(`${indent}out[${showIndex(k.output.index)}] ${o ? "accumulates value =" : "="} ${showExpr_(k.value)}`);
  // shared values of a large DAG, each defined once (in terms of earlier ones)
  if (named.size) lines.push(`  where ${[...named].map(([e, n]) => `${n} = ${showExpr(e, new Map([...named].filter(([x]) => x !== e)))}`).join("\n        ")}`);
  return lines.join("\n");
}
