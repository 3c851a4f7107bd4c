// Layer: top. How a tensor prints: a header with its named dims, sizes and dtype, then its values nested by
// dim (numpy's layout), abbreviated with "…" past six entries per dim. Imports nothing but types.
import type { DType, NodeDim } from "./graph/node.js";

const EDGE = 3;

/**
 * The printed form of a tensor.
 * @example formatTensor([{ name: "i", size: 2 }], new Set(), "float32", new Float32Array([1, 2.5]))
 * // 'Tensor { i: 2 } float32\n[1, 2.5]'
 */
export function formatTensor(dims: readonly NodeDim[], masked: ReadonlySet<string>, dtype: DType, values?: ArrayLike<number>, note = "(not computed yet)"): string {
  const entries = dims.map((d) => `${d.name}${masked.has(d.name) ? " (private)" : ""}: ${d.size}`);
  const header = `Tensor ${entries.length ? `{ ${entries.join(", ")} }` : "{}"} ${dtype}`;
  if (!values) return `${header}\n${note}`;
  const show = formatter(values, dtype);
  const sizes = dims.map((d) => d.size);
  const strides = sizes.map((_, i) => sizes.slice(i + 1).reduce((a, b) => a * b, 1));
  const body = (depth: number, offset: number, indent: string): string => {
    if (depth === sizes.length) return show(values[offset]!);
    const n = sizes[depth]!;
    const picks = n > 2 * EDGE ? [...range(0, EDGE), -1, ...range(n - EDGE, n)] : range(0, n);
    const parts = picks.map((i) => (i < 0 ? "…" : body(depth + 1, offset + i * strides[depth]!, `${indent} `)));
    const sep = depth === sizes.length - 1 ? ", " : `,\n${"\n".repeat(Math.max(0, sizes.length - depth - 2))}${indent} `;
    return `[${parts.join(sep)}]`;
  };
  return `${header}\n${body(0, 0, "")}`;
}

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a }, (_, i) => a + i);
}

function formatter(values: ArrayLike<number>, dtype: DType): (v: number) => string {
  if (dtype === "bool") return (v) => (v ? "true" : "false");
  if (dtype === "int32") return (v) => String(v);
  let integral = true;
  let big = 0;
  let small = Infinity;
  for (let i = 0; i < Math.min(values.length, 10000); i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) {
      if (!Number.isInteger(v)) integral = false;
      big = Math.max(big, Math.abs(v));
      if (v !== 0) small = Math.min(small, Math.abs(v));
    }
  }
  if (integral && big < 1e9) return (v) => (Number.isFinite(v) ? `${v}.` : String(v));
  // Exponent form when four decimals would not do: large values, only tiny ones, or one that would print as 0.0000.
  const exp = big >= 1e5 || (big > 0 && big < 1e-3) || small < 5e-5;
  return (v) => (Number.isFinite(v) ? (exp ? v.toExponential(4) : v.toFixed(4)) : String(v));
}

/**
 * A tensor as an HTML table for notebooks (Deno's Jupyter kernel): the header as the caption, the first dim's
 * indices down and the second's across, each labelled with its dim name; past 2 dims, or without values, the
 * printed form in a `<pre>`. At most 20 indices per dim, with "…" in between.
 * @example formatTable([{ name: "i", size: 2 }], new Set(), "float32", new Float32Array([1, 2.5]), "…") // '<table>…'
 */
export function formatTable(dims: readonly NodeDim[], masked: ReadonlySet<string>, dtype: DType, values: ArrayLike<number> | undefined, text: string): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  if (!values || dims.length > 2) return `<pre>${esc(text)}</pre>`;
  const show = formatter(values, dtype);
  const caption = `<caption style="text-align:left">${esc(text.split("\n")[0]!)}</caption>`;
  const picks = (n: number) => (n > 20 ? [...range(0, 10), -1, ...range(n - 10, n)] : range(0, n));
  const label = (d: NodeDim) => esc(`${d.name}${masked.has(d.name) ? " (private)" : ""}`);
  const [rows, cols] = [dims[0], dims[1]];
  const colIdx = cols ? picks(cols.size) : [0];
  const head = `<tr><th>${rows ? label(rows) : ""}${cols ? ` \\ ${label(cols)}` : ""}</th>${colIdx.map((j) => `<th>${cols ? (j < 0 ? "…" : j) : ""}</th>`).join("")}</tr>`;
  const body = (rows ? picks(rows.size) : [0]).map((i) => {
    const cells = colIdx.map((j) => `<td>${i < 0 || j < 0 ? "…" : show(values[i * (cols?.size ?? 1) + j]!)}</td>`);
    return `<tr><th>${rows ? (i < 0 ? "…" : i) : ""}</th>${cells.join("")}</tr>`;
  });
  return `<table>${caption}<thead>${head}</thead><tbody>${body.join("")}</tbody></table>`;
}
