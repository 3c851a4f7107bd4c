// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): reductions and scans by name.
// Each name must be a visible dim, named once; bool has no arithmetic reductions; topk's k must fit and its
// new name must be free.
import { zeros } from "../../src/index.js";

const x = zeros([["batch", 32], ["seq", 128], ["feat", 64]]);
const xb = zeros([["batch", 32], ["seq", 128]], { dtype: "bool" });
const xi = zeros([["batch", 32], ["seq", 128]], { dtype: "int32" });
const xm = x.mask("batch");

// ---- an absent name --------------------------------------------------------------------------------------------
// @error: "sq" is not a dimension of { batch: 32, seq: 128, feat: 64 }
x.sum("sq");
// @error: "width" is not a dimension of { batch: 32, seq: 128, feat: 64 }
x.mean(["seq", "width"]);
// @error: "key" is not a dimension of { batch: 32, seq: 128, feat: 64 }
x.softmax("key");
// @error: "time" is not a dimension of { batch: 32, seq: 128, feat: 64 }
x.cumsum("time");
// @error: "class" is not a dimension of { batch: 32, seq: 128, feat: 64 }
x.argmax("class");
// @error: "seq" is not a dimension of { batch: 32, feat: 64 }
x.sum("seq").max("seq");
// private dims are left out of the list of dims
// @error: "time" is not a dimension of { seq: 128, feat: 64 }
xm.logsumexp("time");
// @error: "batch" is not a dimension of {}
zeros([]).sum("batch");

// ---- a private name ----------------------------------------------------------------------------------------------
// @error: "batch" is private (masked)
xm.sum("batch");
// @error: "batch" is private (masked)
xm.variance(["seq", "batch"]);
// @error: "batch" is private (masked)
xm.logSoftmax("batch");
// @error: "batch" is private (masked)
xm.sort("batch");
// @error: "batch" is private (masked)
xm.topk("batch", 2, "best");

// ---- a name given twice ---------------------------------------------------------------------------------------------
// @error: dimension names must be unique: "seq" appears twice
x.sum(["seq", "seq"]);
// @error: dimension names must be unique: "feat" appears twice
x.std(["feat", "batch", "feat"]);

// ---- dtypes ----------------------------------------------------------------------------------------------------------------
// @error: arithmetic needs numbers, not bool: cast the bool operand first
xb.sum("seq");
// @error: arithmetic needs numbers, not bool: cast the bool operand first
xb.mean("seq");
// @error: arithmetic needs numbers, not bool: cast the bool operand first
xb.softmax("seq");
// @error: arithmetic needs numbers, not bool: cast the bool operand first
xb.argmin("seq");
// @error: a logical operand must be bool, not float32
x.all("seq");
// @error: a logical operand must be bool, not int32
xi.any("seq");

// ---- topk -----------------------------------------------------------------------------------------------------------------
// @error: topk of 129 is more than the size of "seq" (128)
x.topk("seq", 129, "best");
// @error: "feat" is already a dimension
x.topk("seq", 5, "feat");
// @error: "batch" is already a dimension
xm.topk("seq", 5, "batch");
// @error: "9" is not a valid dimension name: use an identifier such as "batch"
x.topk("seq", 5, "9");

// ---- the shape check comes first; after a mistake, later calls are not checked again --------------------------------------
// @error: "nope" is not a dimension of { batch: 32, seq: 128 }
xb.sum("nope");
// @error: "sq" is not a dimension of { batch: 32, seq: 128, feat: 64 }
x.sum("sq").mean("anything").softmax("else").argmax("x").all("y");
