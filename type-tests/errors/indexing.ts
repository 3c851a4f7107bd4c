// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): indexing by name. Literal bounds
// of get and narrow are checked (the sentence lands on the offending number); narrow's new name must be a new
// identifier; index tensors are int32, and their names must fit x's. test/indexing.test.ts checks the same
// sentences at run time.
import { fromNpy, zeros } from "../../src/index.js";

const x = zeros([["b", 6], ["h", 96], ["w", 4]]);
const xm = x.mask("b");
const ids = zeros([["batch", 4], ["w", 5]], { dtype: "int32" });
const floats = zeros([["batch", 4]]);
const wFloats = zeros([["w", 4]]);
const bIdx = zeros([["b", 6]], { dtype: "int32" });

// ---- get ------------------------------------------------------------------------------------------------------------------
// @error: index 96 is out of range for "h" (96)
x.get("h", 96);
// @error: index -1 is out of range for "h" (96)
x.get("h", -1);
// @error: index 1.5 is out of range for "h" (96)
x.get("h", 1.5);
// @error: "q" is not a dimension of { b: 6, h: 96, w: 4 }
x.get("q", 0);
// @error: "b" is private (masked)
xm.get("b", 0);

// ---- narrow ------------------------------------------------------------------------------------------------------------------
// @error: narrow of "h" (96) from 90 with length 10 goes past the end
x.narrow("h", 90, 10, "hh");
// @error: narrow of "h" (96) from -1 with length 10 goes past the end
x.narrow("h", -1, 10, "hh");
// @error: narrow of "h" (96) from 3 with length -2 goes past the end
x.narrow("h", 3, -2, "hh");
// @error: "h" is already a dimension
x.narrow("h", 0, 10, "h");
// @error: "w" is already a dimension
x.narrow("h", 0, 10, "w");
// @error: "b" is already a dimension
xm.narrow("h", 0, 10, "b");
// @error: "h h" is not a valid dimension name: use an identifier such as "batch"
x.narrow("h", 0, 10, "h h");
// @error: "q" is not a dimension of { b: 6, h: 96, w: 4 }
x.narrow("q", 0, 1, "r");

// ---- unbind -------------------------------------------------------------------------------------------------------------------
// @error: "q" is not a dimension of { b: 6, h: 96, w: 4 }
x.unbind("q");
// @error: "b" is private (masked)
xm.unbind("b");

// ---- indexSelect, gather ----------------------------------------------------------------------------------------------------------
// @error: "w" is already a dimension
x.indexSelect("h", ids);
// @error: the index must be int32, not float32
x.indexSelect("h", floats);
// @error: "q" is not a dimension of { b: 6, h: 96, w: 4 }
x.indexSelect("q", ids);
// @error: "b" is private (masked)
xm.indexSelect("b", ids);
// @error: dimension "w" is 4 in the left operand but 5 in the right
x.gather("h", ids);
// @error: the index must be int32, not float32
x.gather("h", wFloats);
// @error: "q" is not a dimension of { b: 6, h: 96, w: 4 }
x.gather("q", bIdx);
// @error: "b" is private (masked)
xm.gather("b", bIdx);

// ---- fromNpy names ------------------------------------------------------------------------------------------------------------------
declare const bytes: Uint8Array;
// @error: dimension names must be unique: "a" appears twice
fromNpy(bytes, ["a", "a"]);
// @error: "1a" is not a valid dimension name: use an identifier such as "batch"
fromNpy(bytes, ["1a"]);
