// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): contraction by name. A name
// that `dot` contracts must be a visible dim of both operands with one size; `contract`'s names must be dims of
// some operand; every other shared name must have one size.
import { contract, zeros } from "../../src/index.js";

const ht = zeros([["batch", 4], ["inhid", 7]]);
const W = zeros([["inhid", 7], ["outhid", 5]]);
const q = zeros([["batch", 8], ["query", 16], ["dh", 64]]);
const k = zeros([["batch", 8], ["key", 16], ["dh", 64]]);

// ---- a name missing from one operand of dot ------------------------------------------------------------------------
// @error: cannot contract "outhid": it is not a dimension of the left operand { batch: 4, inhid: 7 }
ht.dot("outhid", W);
// @error: cannot contract "batch": it is not a dimension of the right operand { inhid: 7, outhid: 5 }
ht.dot("batch", W);
// @error: cannot contract "query": it is not a dimension of the right operand { batch: 8, key: 16, dh: 64 }
q.dot(["dh", "query"], k);
// @error: cannot contract "nope": it is not a dimension of the left operand { batch: 4, inhid: 7 }
ht.dot("nope", W);
// the operand's private dims are left out of the list
// @error: cannot contract "outhid": it is not a dimension of the left operand { inhid: 7 }
ht.mask("batch").dot("outhid", W);

// ---- a name missing from every operand of contract --------------------------------------------------------------------
// @error: "dv" is not a dimension of { batch: 8, query: 16, dh: 64, key: 16 }
contract([q, k], "dv");
// @error: "nope" is not a dimension of { batch: 8, query: 16, dh: 64, key: 16 }
contract([q, k], ["dh", "nope"]);

// ---- a private name ---------------------------------------------------------------------------------------------------------
// @error: "inhid" is private (masked)
ht.mask("inhid").dot("inhid", W);
// @error: "inhid" is private (masked)
ht.dot("inhid", W.mask("inhid"));
// @error: "inhid" is private (masked)
contract([ht.mask("inhid"), W], "inhid");

// ---- one name, one size (contracted or batch-like) -------------------------------------------------------------------------
// @error: dimension "inhid" is 7 in the left operand but 8 in the right
ht.dot("inhid", zeros([["inhid", 8], ["outhid", 5]]));
// @error: dimension "batch" is 8 in the left operand but 9 in the right
q.dot("dh", zeros([["batch", 9], ["key", 16], ["dh", 64]]));
// @error: dimension "inhid" is 7 in the left operand but 6 in the right
contract([ht, zeros([["inhid", 6]])], "inhid");
// @error: dimension "batch" is 4 in the left operand but 3 in the right
contract([ht, W, zeros([["batch", 3]])], "inhid");

// ---- a name given twice ----------------------------------------------------------------------------------------------------
// @error: dimension names must be unique: "inhid" appears twice
ht.dot(["inhid", "inhid"], W);
// @error: dimension names must be unique: "dh" appears twice
contract([q, k], ["dh", "dh"]);

// ---- bool operands ----------------------------------------------------------------------------------------------------------
// @error: arithmetic needs numbers, not bool: cast the bool operand first
ht.dot("inhid", zeros([["inhid", 7]], { dtype: "bool" }));

// ---- after a mistake, later calls are not checked again ----------------------------------------------------------------------
// @error: cannot contract "outhid": it is not a dimension of the left operand { batch: 4, inhid: 7 }
ht.dot("outhid", W).dot("zz", W).sum("nothing").add(zeros([["inhid", 2]]));
