// Layer: src/sparse (beside src/ops). The named sparse formats, as plain format lists (src/types/sparse.ts):
// each preset only spells a list of [name, level kind] pairs in storage order, so CSR, CSC, DCSR, COO, CSF and
// block-sparse are all the same kind of value and a hover shows exactly how each dim is stored.
// Imports only src/types.
import type { Format, LevelKind } from "../types/sparse.js";

/**
 * Compressed sparse rows over (row, col): `row` dense, `col` compressed under it.
 * @example csr("row", "col") // [["row", "dense"], ["col", "compressed"]]
 */
export const csr = <const R extends string, const C extends string>(row: R, col: C): [[R, "dense"], [C, "compressed"]] => [
  [row, "dense"],
  [col, "compressed"],
];
/**
 * Compressed sparse columns: CSR stored column first.
 * @example csc("row", "col") // [["col", "dense"], ["row", "compressed"]]
 */
export const csc = <const R extends string, const C extends string>(row: R, col: C): [[C, "dense"], [R, "compressed"]] => [
  [col, "dense"],
  [row, "compressed"],
];
/**
 * Doubly compressed sparse rows: only non-empty rows are stored.
 * @example dcsr("row", "col") // [["row", "compressed"], ["col", "compressed"]]
 */
export const dcsr = <const R extends string, const C extends string>(row: R, col: C): [[R, "compressed"], [C, "compressed"]] => [
  [row, "compressed"],
  [col, "compressed"],
];

type Tail<Ns extends readonly string[]> = { [K in keyof Ns]: [Ns[K], "singleton"] };
type AllOf<Ns extends readonly string[], K extends LevelKind> = { -readonly [I in keyof Ns]: [Ns[I], K] };

/**
 * Coordinate lists: one entry per stored value; the first level compressed (with repeats), the others singleton.
 * @example coo("i", "j", "k") // [["i", "compressed"], ["j", "singleton"], ["k", "singleton"]]
 */
export const coo = <const N extends string, const Ns extends readonly string[]>(first: N, ...rest: Ns): [[N, "compressed"], ...Tail<Ns>] =>
  [[first, "compressed"], ...rest.map((n) => [n, "singleton"])] as unknown as [[N, "compressed"], ...Tail<Ns>];
/**
 * Compressed sparse fibers: every level compressed (the tree of taco §3), in the order given.
 * @example csf("i", "j", "k") // [["i", "compressed"], ["j", "compressed"], ["k", "compressed"]]
 */
export const csf = <const Ns extends readonly string[]>(...names: Ns): AllOf<Ns, "compressed"> => names.map((n) => [n, "compressed"]) as AllOf<Ns, "compressed">;
/**
 * Every level dense, in the order given (a dense array in that order, as a format).
 * @example denseFormat("j", "i") // [["j", "dense"], ["i", "dense"]]
 */
export const denseFormat = <const Ns extends readonly string[]>(...names: Ns): AllOf<Ns, "dense"> => names.map((n) => [n, "dense"]) as AllOf<Ns, "dense">;
/**
 * Block-sparse rows (BCSR) of a 4-d tensor: block rows dense, block columns compressed, each stored block a
 * dense (inRow, inCol) tile — taco's block matrix as an order-4 tensor.
 * @example bcsr("bi", "bj", "i", "j") // [["bi", "dense"], ["bj", "compressed"], ["i", "dense"], ["j", "dense"]]
 */
export const bcsr = <const BR extends string, const BC extends string, const R extends string, const C extends string>(
  blockRow: BR,
  blockCol: BC,
  row: R,
  col: C,
): [[BR, "dense"], [BC, "compressed"], [R, "dense"], [C, "dense"]] => [
  [blockRow, "dense"],
  [blockCol, "compressed"],
  [row, "dense"],
  [col, "dense"],
];

/**
 * The conventional name of a format, for printing: csr/csc/dcsr/coo/csf/dense, else the levels written out.
 * @example formatName([["row", "dense"], ["col", "compressed"]], ["row", "col"]) // "csr(row → col)"
 */
export function formatName(format: Format, logical: readonly string[]): string {
  const kinds = format.map((l) => l[1]).join(",");
  const order = format.map((l) => l[0]).join(" → ");
  const inLogicalOrder = format.every((l, i) => l[0] === logical[i]);
  const name =
    format.length === 2 && kinds === "dense,compressed"
      ? inLogicalOrder
        ? "csr"
        : "csc"
      : format.length === 2 && kinds === "compressed,compressed"
        ? inLogicalOrder
          ? "dcsr"
          : "dcsc"
        : format.every((l) => l[1] === "dense")
          ? "dense"
          : format.length > 1 && format.every((l, i) => l[1] === (i === 0 ? "compressed" : "singleton"))
            ? "coo"
            : format.every((l) => l[1] === "compressed")
              ? format.length === 1 ? "sparse vector" : "csf"
              : format.map((l) => `${l[0]}:${l[1]}`).join(", ");
  return `${name}(${order})`;
}
