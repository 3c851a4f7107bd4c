// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): creation functions. Shape specs
// must have identifier names, each once, and non-negative integer sizes; the sentence lands on the spec.
import { arange, eye, full, linspace, ones, rand, randint, randn, tensor, zeros } from "../../src/index.js";

// ---- sizes must be non-negative integers -------------------------------------------------------------------
// @error: the size of "batch" must be a non-negative integer, not -1
zeros([["batch", -1]]);
// @error: the size of "batch" must be a non-negative integer, not 1.5
ones([["batch", 1.5]]);
// @error: the size of "seq" must be a non-negative integer, not -3
full([["batch", 2], ["seq", -3]], 0);
// @error: the size of "i" must be a non-negative integer, not -4
arange("i", -4);
// @error: the size of "t" must be a non-negative integer, not 2.5
linspace("t", 0, 1, 2.5);
// @error: the size of "a" must be a non-negative integer, not 0.5
rand([["a", 0.5]], { seed: 0 });
// @error: the size of "b" must be a non-negative integer, not -2
randn([["a", 2], ["b", -2]], { seed: 0 });
// @error: the size of "c" must be a non-negative integer, not 1e+21
randint([["c", 1e21]], 0, 4, { seed: 0 });
// @error: the size of "i" must be a non-negative integer, not -3
tensor([1, 2, 3], [["i", -3]]);

// ---- names must be unique ------------------------------------------------------------------------------------
// @error: dimension names must be unique: "batch" appears twice
zeros([["batch", 2], ["batch", 3]]);
// @error: dimension names must be unique: "i" appears twice
eye([["i", 3], ["i", 3]]);
// @error: dimension names must be unique: "r" appears twice
tensor([[1, 2], [3, 4]], ["r", "r"]);
// @error: dimension names must be unique: "h" appears twice
zeros([["h", 2], ["w", 3], ["h", 2]]);

// ---- names must be identifiers --------------------------------------------------------------------------------
// @error: "0" is not a valid dimension name: use an identifier such as "batch"
zeros([["0", 2]]);
// @error: "" is not a valid dimension name: use an identifier such as "batch"
arange("", 4);
// @error: "9" is not a valid dimension name: use an identifier such as "batch"
tensor([[1, 2], [3, 4]], ["9", "c"]);
// @error: "my dim" is not a valid dimension name: use an identifier such as "batch"
full([["my dim", 2]], 1);

// ---- a flat list of known length must hold exactly the elements the shape needs ------------------------------
// @error: data has 3 elements but the shape { i: 4 } needs 4
tensor([1, 2, 3], [["i", 4]]);
// @error: data has 6 elements but the shape { batch: 2, feat: 4 } needs 8
tensor([1, 2, 3, 4, 5, 6], [["batch", 2], ["feat", 4]]);
// @error: data has 2 elements but the shape {} needs 1
tensor([1, 2], []);

// ---- nested lists must nest like the dims (checked along the first entries) -----------------------------------------
// @error: the nesting of the data does not match "a" (3): found a list of 2 entries
tensor([[1, 2, 3], [4, 5, 6]], [["a", 3], "b"]);
// @error: the nesting of the data does not match "b" (4): found a list of 3 entries
tensor([[1, 2, 3], [4, 5, 6]], ["a", ["b", 4]]);
// @error: the nesting of the data does not match "c" (2): found a plain value instead of a list
tensor([[1, 2], [3, 4]], ["a", "b", ["c", 2]]);
// @error: the data is nested deeper than the dimensions { a: 2 }
tensor([[1, 2], [3, 4]], ["a"]);
// @error: the data is nested deeper than the dimensions { a: 2, b: 2 }
tensor([[[1], [2]], [[3], [4]]], [["a", 2], ["b", 2]]);
// @error: cannot infer the size of "b" from the data: give it as ["b", size]
tensor([1, 2, 3], ["a", "b"]);
// @error: cannot infer the size of "c" from the data: give it as ["c", size]
tensor([[1, 2], [3, 4]], ["a", "b", "c"]);

// ---- the first mistake in a spec is the one reported -------------------------------------------------------------
// @error: the size of "a" must be a non-negative integer, not -1
zeros([["a", -1], ["a", 2], ["0", 1]]);
