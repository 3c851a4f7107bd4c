// Layer: src/io. A sparse matrix from scipy's component arrays, shared by the .npz reader and the safetensors
// sparse convention: `data` with `indptr` + `indices` (CSR, CSC) or `row` + `col` (COO) and a shape. Checks
// scipy's invariants — indptr starts at 0, never decreases, ends at nnz; every index inside its dim; lengths
// agree — refusing through the caller's `refuse` (a FormatError at the member); duplicates are summed and rows
// sorted, then the entries are packed in `format` (the file's own layout unless given). Imports src/shape and
// src/sparse.
import type { ShapeDim } from "../shape/dims.js";
import { checkFormat } from "../shape/sparse.js";
import { pack, sortAndSum } from "../sparse/storage.js";
import type { SparseStorage } from "../sparse/storage.js";

/** The layouts read, and the component arrays each has besides `data`. */
export const SPARSE_MEMBERS: Readonly<Record<string, readonly string[]>> = { csr: ["indptr", "indices"], csc: ["indptr", "indices"], coo: ["row", "col"] };

/**
 * The storage of a `kind` matrix over `dims` (rows, then columns) from its component arrays.
 * @example sparseFromMembers("csr", dims, { data, indptr, indices }, undefined, (s, m) => { throw new FormatError("npz", s); })
 */
export function sparseFromMembers(
  kind: string,
  dims: readonly ShapeDim[],
  members: Readonly<Record<string, ArrayLike<number>>>,
  format: unknown,
  refuse: (sentence: string, member: string) => never,
): SparseStorage {
  const [rows, cols] = [dims[0]!.size, dims[1]!.size];
  const [rowName, colName] = [dims[0]!.name, dims[1]!.name];
  const data = members.data!;
  const nnz = data.length;
  const rowIdx = new Int32Array(nnz);
  const colIdx = new Int32Array(nnz);
  const inRange = (values: ArrayLike<number>, limit: number, member: string, what: string): void => {
    for (let e = 0; e < values.length; e++) if (!(values[e]! >= 0 && values[e]! < limit)) refuse(`${what} ${e} is ${values[e]}, outside 0..${limit - 1}`, member);
  };
  if (kind === "coo") {
    for (const m of ["row", "col"]) if (members[m]!.length !== nnz) refuse(`${m} has ${members[m]!.length} entries but data has ${nnz}`, m);
    inRange(members.row!, rows, "row", "row");
    inRange(members.col!, cols, "col", "column");
    rowIdx.set(members.row!);
    colIdx.set(members.col!);
  } else {
    const [outer, inner] = kind === "csr" ? [rows, cols] : [cols, rows];
    const p = members.indptr!;
    const indices = members.indices!;
    if (p.length !== outer + 1) refuse(`indptr has ${p.length} entries, not ${outer + 1} (one per ${kind === "csr" ? "row" : "column"}, plus one)`, "indptr");
    if (p[0] !== 0) refuse(`indptr starts at ${p[0]}, not 0`, "indptr");
    for (let i = 0; i < outer; i++) if (p[i + 1]! < p[i]!) refuse(`indptr decreases from ${p[i]} to ${p[i + 1]} at entry ${i + 1}`, "indptr");
    if (p[outer] !== nnz || indices.length !== nnz) refuse(`indptr ends at ${p[outer]} and indices has ${indices.length} entries, but data has ${nnz}`, "indptr");
    inRange(indices, inner, "indices", kind === "csr" ? "column" : "row");
    const [outerIdx, innerIdx] = kind === "csr" ? [rowIdx, colIdx] : [colIdx, rowIdx];
    for (let i = 0; i < outer; i++) outerIdx.fill(i, p[i]!, p[i + 1]!);
    innerIdx.set(indices);
  }
  const open = dims.map((d) => ({ ...d, masked: false }));
  const own = kind === "csc" ? [[colName, "dense"], [rowName, "compressed"]] : kind === "coo" ? [[rowName, "compressed"], [colName, "singleton"]] : [[rowName, "dense"], [colName, "compressed"]];
  const levels = checkFormat(open, format ?? own);
  const coords = levels.map((l) => (l.name === rowName ? rowIdx : colIdx));
  const sorted = sortAndSum(coords, data);
  return pack(levels, sorted.coords, sorted.values);
}
