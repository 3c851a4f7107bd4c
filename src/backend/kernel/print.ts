// Layer: src/backend/kernel. The readable form of a kernel: tensor index notation with its loops, e.g.
//   out[b, q] = exp(in0[b*5 + q] - %0) / %1   with %0 = max_{key} in0[…], %1 = sum_{key} exp(…).
// Used by explain(), debug dumps and snapshot tests; how a function prints is its ALU record's. Imports only
// the IR and the ALU table.
import { showIndex } from "../../graph/index-expr.js";
import { binaryAlu } from "./alu.js";
import type { Expr, Kernel, LoopVar } from "./ir.js";

/** An expression in index notation. @example showExpr(k.value) // "exp(in0[i] - %0)" */
export function showExpr(e: Expr): string {
  switch (e.op) {
    case "const":
      return e.type === "bool" ? String(e.value !== 0) : String(e.value);
    case "param":
      return `p${e.slot}`;
    case "idx":
      return e.index.op === "var" ? e.index.name : `(${showIndex(e.index)})`;
    case "load": {
      const dyn = e.dynamic ? ` + ${showExpr(e.dynamic.value)}*${e.dynamic.stride}` : "";
      const at = `in${e.input}[${showIndex(e.index)}${dyn}]`;
      return e.guard ? `${at}?` : at;
    }
    case "random":
      return `uniform(${showExpr(e.seed)}, ${e.stream}, ${showIndex(e.index)})`;
    case "unary":
      return `${e.fn}(${showExpr(e.x)})`;
    case "binary": {
      const op = binaryAlu[e.fn].infix;
      return op ? `(${showExpr(e.a)} ${op} ${showExpr(e.b)})` : `${e.fn}(${showExpr(e.a)}, ${showExpr(e.b)})`;
    }
    case "where":
      return `(${showExpr(e.cond)} ?${e.rare ? "(rare)" : ""} ${showExpr(e.a)} : ${showExpr(e.b)})`;
    case "cast":
      return `${e.type}(${showExpr(e.x)})`;
    case "reduced":
      return `%${e.phase}`;
    case "stashed":
      return "stashed";
  }
}

const loops = (vars: readonly LoopVar[]): string => vars.map((v) => `${v.name}<${v.extent}>`).join(", ");

/** The whole kernel, one line per loop level. @example console.log(showKernel(k)) */
export function showKernel(k: Kernel): string {
  const lines: string[] = [];
  const ins = k.inputs.map((x, i) => `in${i}: ${x.type}[${x.length}]`).join(", ");
  const ps = k.params.map((t, i) => `p${i}: ${t}`).join(", ");
  lines.push(`kernel ${k.mode.kind}${k.mode.kind === "scan" ? `(${k.mode.fn})` : k.mode.kind === "sort" ? (k.mode.descending ? "(descending)" : "(ascending)") : ""} -> out: ${k.output.type}[${k.output.length}]`);
  if (ins || ps) lines.push(`  reads ${[ins, ps].filter(Boolean).join("; ")}`);
  let indent = "  ";
  if (k.outer.length) {
    lines.push(`${indent}for ${loops(k.outer)}:`);
    indent += "  ";
  }
  k.phases.forEach((p, i) => {
    lines.push(`${indent}%${i} = ${p.fn}_{${loops(p.vars)}} ${showExpr(p.body)}`);
    if (p.stash) lines.push(`${indent}  (stashing ${showExpr(p.stash)} in out)`);
  });
  if (k.inner.length) {
    lines.push(`${indent}for ${loops(k.inner)}:`);
    indent += "  ";
  }
  lines.push(`${indent}out[${showIndex(k.output.index)}] = ${showExpr(k.value)}`);
  return lines.join("\n");
}
