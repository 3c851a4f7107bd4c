// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): movement by name. transpose
// lists every visible name once; rename/split/stack/expand names must be fresh identifiers; split sizes must
// divide exactly; stack needs visible names, each once; pad widths and squeezed sizes are checked; concat's
// operands must share their other dims with one size. test/movement.test.ts checks the same sentences at run time.
import { concat, zeros } from "../../src/index.js";

const x = zeros([["b", 6], ["h", 96], ["w", 4]]);
const xm = x.mask("b");
const xi = zeros([["t", 2], ["f", 3]], { dtype: "int32" });
const xb = zeros([["t", 2], ["f", 3]], { dtype: "bool" });

// ---- transpose -------------------------------------------------------------------------------------------------------
// @error: transpose must list every dimension once: "h" is missing
x.transpose("w", "b");
// @error: dimension names must be unique: "w" appears twice
x.transpose("w", "b", "h", "w");
// @error: "hh" is not a dimension of { b: 6, h: 96, w: 4 }
x.transpose("w", "b", "hh");
// @error: "b" is private (masked)
xm.transpose("w", "h", "b");
// @error: "1h" is not a valid dimension name: use an identifier such as "batch"
x.transpose("w", "b", "1h");

// ---- rename ---------------------------------------------------------------------------------------------------------
// @error: "w" is already a dimension
x.rename({ h: "w" });
// @error: "hh" is not a dimension of { b: 6, h: 96, w: 4 }
x.rename({ hh: "w" });
// @error: "b" is private (masked)
xm.rename({ b: "batch" });
// @error: "1x" is not a valid dimension name: use an identifier such as "batch"
x.rename({ h: "1x" });
// @error: dimension names must be unique: "z" appears twice
x.rename({ h: "z", w: "z" });

// ---- split ------------------------------------------------------------------------------------------------------------
// @error: cannot split "h" (96) into pieces of 7
x.split("h", [["height", 7], "q"]);
// @error: cannot split "h" (96) into pieces of 0
x.split("h", [["height", 0], "q"]);
// @error: cannot split "h" (96) into pieces of 0
x.split("h", ["q", ["height", 8], ["z", 0]]);
// @error: cannot split "h" (96) into parts whose sizes multiply to 84
x.split("h", [["height", 7], ["q", 12]]);
// @error: cannot split "h" (96): the parts "a", "q" have no size; give the size of every part but one
x.split("h", ["a", "q"]);
// @error: "w" is already a dimension
x.split("h", [["w", 8], "q"]);
// @error: dimension names must be unique: "a" appears twice
x.split("h", [["a", 8], "a"]);
// @error: "hx" is not a dimension of { b: 6, h: 96, w: 4 }
x.split("hx", [["a", 8], "q"]);
// @error: "b" is private (masked)
xm.split("b", [["a", 2], "q"]);
// @error: the size of "a" must be a non-negative integer, not -8
x.split("h", [["a", -8], "q"]);
// @error: "2a" is not a valid dimension name: use an identifier such as "batch"
x.split("h", [["2a", 8], "q"]);

// ---- stack ------------------------------------------------------------------------------------------------------------
// @error: "hh" is not a dimension of { b: 6, h: 96, w: 4 }
x.stack({ bh: ["b", "hh"] });
// @error: dimension names must be unique: "b" appears twice
x.stack({ bh: ["b", "b"] });
// @error: dimension names must be unique: "h" appears twice
x.stack({ bh: ["b", "h"], hw: ["h", "w"] });
// @error: "w" is already a dimension
x.stack({ w: ["b", "h"] });
// @error: cannot stack into "bh": list at least one dimension to merge
x.stack({ bh: [] });
// @error: "b" is private (masked)
xm.stack({ bh: ["b", "h"] });
// @error: "b-h" is not a valid dimension name: use an identifier such as "batch"
x.stack({ "b-h": ["b", "h"] });

// ---- pad, expand, squeeze -----------------------------------------------------------------------------------------------
// @error: the padding of "h" must be a non-negative integer, not -1
x.pad({ h: [-1, 2] });
// @error: the padding of "h" must be a non-negative integer, not 0.5
x.pad({ h: [1, 0.5] });
// @error: "q" is not a dimension of { b: 6, h: 96, w: 4 }
x.pad({ q: [1, 2] });
// @error: "b" is private (masked)
xm.pad({ b: [1, 2] });
// @error: "h" is already a dimension
x.expand([["h", 3]]);
// @error: "h" is already a dimension
x.expand({ h: 3 });
// @error: expand takes one new dimension per object ({ name: size }); to add several, list them in order as pairs: [[name, size], ...]
x.expand({ n: 3, m: 2 });
// @error: "b" is already a dimension
xm.expand([["b", 3]]);
// @error: the size of "n" must be a non-negative integer, not -3
x.expand([["n", -3]]);
// @error: dimension names must be unique: "n" appears twice
x.expand([["n", 2], ["n", 3]]);
// @error: cannot squeeze "h": its size is 96, not 1
x.squeeze("h");
// @error: "one" is not a dimension of { b: 6, h: 96, w: 4 }
x.squeeze("one");

// ---- concat -------------------------------------------------------------------------------------------------------------
const y7 = zeros([["w", 4], ["h", 5], ["b", 7]]);
const noH = zeros([["w", 4], ["b", 6]]);
const noB = zeros([["w", 4], ["h", 6]]);
const extra = zeros([["w", 4], ["h", 1], ["b", 6], ["z", 2]]);
// @error: dimension "b" is 6 in the left operand but 7 in the right
concat([x, y7], "h");
// @error: cannot concat: "h" is not a dimension of every operand
concat([x, noH], "h");
// @error: "b" is not a dimension of { w: 4, h: 6 }
concat([x, noB], "h");
// @error: "z" is not a dimension of { b: 6, h: 96, w: 4 }
concat([x, extra], "h");
// @error: "b" is private (masked)
concat([xm, xm], "b");
// @error: arithmetic needs numbers, not bool: cast the bool operand first
concat([xi, xb], "t");
