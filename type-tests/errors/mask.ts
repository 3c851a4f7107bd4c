// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): private (masked) dims. Naming a
// private dim in any name-taking op is an error; masking needs visible dims, each named once; private dims
// still size-check by name.
import { contract, zeros } from "../../src/index.js";

const ys = zeros([["batch", 3], ["seqlen", 5], ["inhid", 7]]);
const Y = ys.mask("batch");
const W = zeros([["inhid", 7], ["outhid", 4]]);

// ---- naming a private dim ------------------------------------------------------------------------------------------------
// @error: "batch" is private (masked)
Y.sum("batch");
// @error: "batch" is private (masked)
Y.mean(["seqlen", "batch"]);
// @error: "batch" is private (masked)
Y.softmax("batch");
// @error: "batch" is private (masked)
Y.argmax("batch");
// @error: "batch" is private (masked)
Y.cumsum("batch");
// @error: "batch" is private (masked)
Y.dot("batch", ys);
// @error: "batch" is private (masked)
contract([Y, W], ["inhid", "batch"]);
// @error: "batch" is private (masked)
Y.mask("batch");
// @error: "seqlen" is private (masked)
ys.mask("batch", "seqlen").mask("inhid").sum(["seqlen", "inhid"]);

// ---- masking names that are not visible dims, or twice ------------------------------------------------------------------------
// @error: "time" is not a dimension of { batch: 3, seqlen: 5, inhid: 7 }
ys.mask("time");
// @error: "batch" is not a dimension of { seqlen: 5, inhid: 7 }
ys.sum("batch").mask("batch");
// @error: dimension names must be unique: "batch" appears twice
ys.mask("batch", "batch");

// ---- private dims still broadcast and size-check by name ------------------------------------------------------------------
// @error: dimension "batch" is 3 in the left operand but 4 in the right
Y.add(zeros([["batch", 4]]));
// @error: dimension "batch" is 4 in the left operand but 3 in the right
zeros([["batch", 4]]).mul(Y);

// ---- after a mistake, later calls are not checked again ------------------------------------------------------------------------
// @error: "batch" is private (masked)
Y.sum("batch").mean("batch").unmask().softmax("nothing");
