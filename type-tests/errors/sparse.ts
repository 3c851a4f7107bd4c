// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): a sparse format must give every
// dim of the tensor exactly one level of a known kind — the same sentences as the runtime checks
// (src/shape/sparse.ts).
import { csr, fromCoo, fromMtx, fromNpz, fromSafetensorsSparse, sparse, zeros } from "../../src/index.js";

const x = zeros([["i", 2], ["j", 5]]);

// @error: "k" is not a dimension of { i: 2, j: 5 }
void sparse(x, csr("i", "k"));
// @error: the format gives no level to "j" of { i: 2, j: 5 }: name every dimension once
void sparse(x, [["i", "dense"]]);
// @error: dimension names must be unique: "i" appears twice
void sparse(x, csr("i", "i"));
// @error: the level of "j" is sparse: a level is "dense", "compressed" or "singleton"
void sparse(x, [["i", "dense"], ["j", "sparse"]]);
// @error: the format gives no level to "col" of { row: 3, col: 4 }: name every dimension once
fromCoo([["row", 3], ["col", 4]], { coords: { row: [0], col: [1] }, values: [1] }, [["row", "compressed"]]);

// ---- the ops give the same sentences with sparse operands as with dense ones ----
const A = fromCoo([["row", 3], ["col", 4]], { coords: { row: [0], col: [1] }, values: [1] }, csr("row", "col"));
const D = zeros([["row", 3], ["col", 4]]);
const v5 = zeros([["col", 5]]);
// @error: cannot contract "colx": it is not a dimension of the left operand { row: 3, col: 4 }
A.dot("colx", zeros([["col", 4]]));
// @error: cannot contract "colx": it is not a dimension of the left operand { row: 3, col: 4 }
D.dot("colx", zeros([["col", 4]]));
// @error: dimension "col" is 4 in the left operand but 5 in the right
A.dot("col", v5);
// @error: dimension "col" is 4 in the left operand but 5 in the right
D.dot("col", v5);
// @error: dimension "col" is 4 in the left operand but 5 in the right
void A.mul(v5);
// @error: dimension "col" is 4 in the left operand but 5 in the right
D.mul(v5);
// @error: dimension "col" is 4 in the left operand but 5 in the right
void A.add(v5);
// @error: dimension "col" is 4 in the left operand but 5 in the right
D.add(v5);
// @error: "rows" is not a dimension of { row: 3, col: 4 }
A.sum("rows");
// @error: "rows" is not a dimension of { row: 3, col: 4 }
D.sum("rows");
// SpGEMM (a sparse right operand) and mask: the dense sentences too.
const S5 = fromCoo([["col", 5], ["k", 2]], { coords: { col: [0], k: [1] }, values: [1] }, csr("col", "k"));
// @error: dimension "col" is 4 in the left operand but 5 in the right
A.dot("col", S5);
// @error: "row" is private (masked)
A.mask("row").sum("row");
// @error: "row" is private (masked)
D.mask("row").sum("row");
// @error: "row" is private (masked)
A.mask("row").dot("row", zeros([["row", 3]]));
// @error: "row" is private (masked)
D.mask("row").dot("row", zeros([["row", 3]]));
// @error: "rows" is not a dimension of { row: 3, col: 4 }
A.mean("rows");
// @error: "rows" is not a dimension of { row: 3, col: 4 }
D.mean("rows");

// ---- the matrix readers' two names: identifiers, different (the format is checked once they are right) ----------------
// @error: dimension names must be unique: "r" appears twice
fromMtx("", ["r", "r"]);
// @error: dimension names must be unique: "r" appears twice
fromMtx("", ["r", "r"], csr("r", "r"));
// @error: "1r" is not a valid dimension name: use an identifier such as "batch"
fromMtx("", ["1r", "c"]);
// @error: "x" is not a dimension of { r: number, c: number }
fromMtx("", ["r", "c"], csr("r", "x"));
// @error: dimension names must be unique: "row" appears twice
void fromNpz(new Uint8Array(), ["row", "row"]);
// @error: dimension names must be unique: "c" appears twice
fromSafetensorsSparse(new Uint8Array(), "A", ["c", "c"]);

// ---- a sparse result keeps the sparse operand's dims (a dense sum may broadcast: its result is dense) ---------------------
const B3 = fromCoo([["row", 3], ["col", 4], ["b", 2]], { coords: { row: [0], col: [1], b: [0] }, values: [1] }, [["row", "dense"], ["col", "compressed"], ["b", "compressed"]]);
// @error: the sparse product would broadcast over { b: 2 }: a sparse result keeps the sparse operand's dims (use toDense() first)
A.mul(zeros([["b", 2], ["row", 3], ["col", 4]]));
// @error: the sparse product would broadcast over { b: 2 }: a sparse result keeps the sparse operand's dims (use toDense() first)
A.mul(B3);
// @error: the sparse add would broadcast over { b: 2 }: a sparse result keeps the first operand's dims
A.add(B3);
// @error: the sparse sub would broadcast over { b: 2 }: a sparse result keeps the first operand's dims
A.sub(B3);
// @error: dimension "col" is 4 in the left operand but 5 in the right
A.mul(zeros([["b", 2], ["col", 5]]));
