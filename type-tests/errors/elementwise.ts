// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): elementwise ops. Operands
// broadcast by name with one size per name; arithmetic rejects bool; logical ops and conditions need bool.
import { where, zeros } from "../../src/index.js";

const hw = zeros([["h", 96], ["w", 64]]);
const ch = zeros([["c", 3], ["h", 96]]);
const h = zeros([["h", 96]]);
const hi = zeros([["h", 96]], { dtype: "int32" });
const hb = zeros([["h", 96]], { dtype: "bool" });
const hwb = zeros([["h", 96], ["w", 64]], { dtype: "bool" });

// ---- same name, same size (the sentence lands on the right operand) --------------------------------------------
// @error: dimension "h" is 96 in the left operand but 64 in the right
hw.add(zeros([["h", 64]]));
// @error: dimension "w" is 64 in the left operand but 1 in the right
hw.sub(zeros([["w", 1]]));
// @error: dimension "c" is 3 in the left operand but 4 in the right
ch.mul(zeros([["c", 4], ["h", 96]]));
// @error: dimension "h" is 96 in the left operand but 95 in the right
hw.mask("h").div(zeros([["h", 95]]));
// @error: dimension "w" is 64 in the left operand but 63 in the right
hw.gt(zeros([["w", 63]]));
// @error: dimension "w" is 64 in the left operand but 32 in the right
hw.maskedFill(zeros([["w", 32]], { dtype: "bool" }), 0);
// @error: dimension "h" is 96 in the left operand but 48 in the right
where(hwb, hw, zeros([["h", 48]]));

// ---- no arithmetic on bool -------------------------------------------------------------------------------------------
// @error: arithmetic needs numbers, not bool: cast the bool operand first
hb.add(1);
// @error: arithmetic needs numbers, not bool: cast the bool operand first
hb.mul(hb);
// @error: arithmetic needs numbers, not bool: cast the bool operand first
h.sub(hb);
// @error: arithmetic needs numbers, not bool: cast the bool operand first
hb.div(2);
// @error: arithmetic needs numbers, not bool: cast the bool operand first
h.atan2(hb);
// @error: dimension "w" is 64 in the left operand but 63 in the right
hw.hypot(zeros([["w", 63]]));
// @error: arithmetic needs numbers, not bool: cast the bool operand first
hb.neg();
// @error: arithmetic needs numbers, not bool: cast the bool operand first
hb.exp();
// @error: arithmetic needs numbers, not bool: cast the bool operand first
hb.lt(hb);

// ---- logical ops and conditions need bool ---------------------------------------------------------------------------
// @error: a logical operand must be bool, not float32
h.logicalAnd(hb);
// @error: a logical operand must be bool, not int32
hb.logicalOr(hi);
// @error: a logical operand must be bool, not float32
h.logicalNot();
// @error: the condition must be bool, not float32
hw.maskedFill(h, 0);
// @error: the condition must be bool, not int32
hw.maskedFill(hi, 0);
// @error: the condition must be bool, not float32
where(h, hw, hw);

// ---- one mistake, one error: what follows a mistake is not checked again --------------------------------------------
// After a shape mistake the result's shape is `never`, which passes every later check (shape and dtype).
// @error: dimension "h" is 96 in the left operand but 64 in the right
hw.add(zeros([["h", 64]])).mul(zeros([["h", 1]])).sub(hb).gt(zeros([["w", 2]])).logicalAnd(h);
// @error: dimension "h" is 96 in the left operand but 64 in the right
const wrong = hw.add(zeros([["h", 64]]));
wrong.sum("nothing").mean(["a", "b"]).dot("zz", hw).logicalAnd(hb).add(hb).maskedFill(h, 0);
// After a dtype mistake the dtype is `never`, which passes later dtype checks; the shape is still known, so a
// later, independent shape mistake is its own error.
// @error: arithmetic needs numbers, not bool: cast the bool operand first
const bad = hb.add(1);
bad.neg().mul(2).exp().sum("h");
// @error: dimension "h" is 96 in the left operand but 3 in the right
bad.mul(zeros([["h", 3]]));
