// Type tests (tsd, against dist/*.d.ts): movement by name. transpose follows the listed order (private dims
// first); rename, split, pad replace in place; stack merges where the first listed dim stood; expand adds dims
// in front; concat takes the first operand's order. Literal sizes stay literal (96/8 = 12, 6·96 = 576,
// 50257·768 = 38597376); `number` sizes flow through; every mistake kind is a compile error.
import { expectError, expectType } from "tsd";
import { type DType, type Shape, type Tensor, arange, concat, fromNpy, ones as onesOf, placeholder, tensor, zeros } from "../dist/index.js";

const x = zeros([["b", 6], ["h", 96], ["w", 4]]);
const xm = x.mask("b");
const xi = zeros([["t", 2], ["f", 3]], { dtype: "int32" });
const xb = zeros([["t", 2], ["f", 3]], { dtype: "bool" });
const big = zeros([["vocab", 50257], ["embed", 768]]);
declare const n: number;
const xn = zeros([["batch", n], ["h", 96]]);
declare const anyRank: Tensor;

// ---- transpose --------------------------------------------------------------------------------------------------
expectType<Tensor<[["w", 4], ["b", 6], ["h", 96]], "float32">>(x.transpose("w", "b", "h"));
expectType<Tensor<[["b", 6], ["h", 96], ["w", 4]], "float32">>(x.transpose("b", "h", "w"));
expectType<Tensor<[["b", 6, "masked"], ["w", 4], ["h", 96]], "float32">>(xm.transpose("w", "h"));
expectType<Tensor<[["f", 3], ["t", 2]], "int32">>(xi.transpose("f", "t"));
expectType<Tensor<[["h", 96], ["batch", number]], "float32">>(xn.transpose("h", "batch"));
expectType<Tensor<Shape, "float32">>(anyRank.transpose("a", "b"));
expectError(x.transpose("w", "b"));
expectError(x.transpose("w", "b", "h", "w"));
expectError(x.transpose("w", "b", "hh"));
expectError(xm.transpose("w", "h", "b"));
expectError(x.transpose("w", "b", "1h"));
// A list holding `any` (what the editor's completion pass infers for the string it completes) is not checked;
// its result is dynamic (src/types/guard.ts, GuardNames).
declare const anyName: any;
expectType<Tensor<Shape, "float32">>(x.transpose("w", anyName, "h"));
expectType<Tensor<Shape, "float32">>(x.squeeze(anyName));
expectType<Tensor<Shape, "float32">>(x.sum(["b", anyName]));
expectType<Tensor<Shape, "float32">>(x.mask(anyName));

// ---- rename ---------------------------------------------------------------------------------------------------------
expectType<Tensor<[["b", 6], ["height", 96], ["w", 4]], "float32">>(x.rename({ h: "height" }));
expectType<Tensor<[["h", 6], ["b", 96], ["w", 4]], "float32">>(x.rename({ b: "h", h: "b" }));
expectType<Tensor<[["p", 6], ["h", 96], ["b", 4]], "float32">>(x.rename({ b: "p", w: "b" }));
expectType<Tensor<[["b", 6, "masked"], ["height", 96], ["w", 4]], "float32">>(xm.rename({ h: "height" }));
expectType<Tensor<[["batch", number], ["q", 96]], "float32">>(xn.rename({ h: "q" }));
expectError(x.rename({ h: "w" }));
expectError(x.rename({ hh: "q" }));
expectError(xm.rename({ b: "batch" }));
expectError(x.rename({ h: "1x" }));
expectError(x.rename({ h: "z", w: "z" }));
// An empty object renames (pads, stacks) nothing, as at run time; it is also what the editor's completion pass
// infers from an object it completes in (src/types/guard.ts, GuardSpec).
expectType<Tensor<[["b", 6], ["h", 96], ["w", 4]], "float32">>(x.rename({}));
expectType<Tensor<[["b", 6, "masked"], ["h", 96], ["w", 4]], "float32">>(xm.pad({}));
expectType<Tensor<[["b", 6], ["h", 96], ["w", 4]], "float32">>(x.stack({}));

// ---- split ----------------------------------------------------------------------------------------------------------
expectType<Tensor<[["b", 6], ["height", 8], ["q", 12], ["w", 4]], "float32">>(x.split("h", [["height", 8], "q"]));
expectType<Tensor<[["b", 6], ["q", 12], ["height", 8], ["w", 4]], "float32">>(x.split("h", ["q", ["height", 8]]));
expectType<Tensor<[["b", 6], ["i", 2], ["j", 4], ["k", 12], ["w", 4]], "float32">>(x.split("h", [["i", 2], "j", ["k", 12]]));
expectType<Tensor<[["b", 6], ["h", 12], ["r", 8], ["w", 4]], "float32">>(x.split("h", ["h", ["r", 8]]));
expectType<Tensor<[["b", 6], ["height", 8], ["q", 12], ["w", 4]], "float32">>(x.split("h", [["height", 8], ["q", 12]]));
expectType<Tensor<[["vocab", 50257], ["e1", 768]], "float32">>(big.stack({ ve: ["vocab", "embed"] }).split("ve", [["vocab", 50257], "e1"]));
expectType<Tensor<[["a", number], ["c", 4], ["h", 96]], "float32">>(xn.split("batch", ["a", ["c", 4]]));
expectType<Tensor<[["batch", number], ["p", 3], ["q", 32]], "float32">>(xn.split("h", [["p", 3], "q"]));
expectType<Tensor<[["b", 6, "masked"], ["p", 3], ["q", 32], ["w", 4]], "float32">>(xm.split("h", [["p", 3], "q"]));
expectType<Tensor<Shape, "float32">>(anyRank.split("h", [["p", 3], "q"]));
expectError(x.split("h", [["height", 7], "q"]));
expectError(x.split("h", [["height", 7], ["q", 12]]));
expectError(x.split("h", ["a", "q"]));
expectError(x.split("h", [["w", 8], "q"]));
expectError(x.split("h", [["a", 8], "a"]));
expectError(x.split("hx", [["a", 8], "q"]));
expectError(xm.split("b", [["a", 2], "q"]));
expectError(x.split("h", [["a", -8], "q"]));
expectError(x.split("h", [["2a", 8], "q"]));

// ---- stack -----------------------------------------------------------------------------------------------------------
expectType<Tensor<[["bh", 576], ["w", 4]], "float32">>(x.stack({ bh: ["b", "h"] }));
expectType<Tensor<[["hb", 576], ["w", 4]], "float32">>(x.stack({ hb: ["h", "b"] }));
expectType<Tensor<[["b", 6], ["wh", 384]], "float32">>(x.stack({ wh: ["w", "h"] }));
expectType<Tensor<[["all", 2304]], "float32">>(x.stack({ all: ["w", "b", "h"] }));
expectType<Tensor<[["h", 576], ["w", 4]], "float32">>(x.stack({ h: ["b", "h"] }));
expectType<Tensor<[["bb", 6], ["hw", 384]], "float32">>(x.stack({ bb: ["b"], hw: ["h", "w"] }));
expectType<Tensor<[["bb", 6], ["hw", 384]], "float32">>(x.stack({ hw: ["h", "w"], bb: ["b"] }));
expectType<Tensor<[["ve", 38597376]], "float32">>(big.stack({ ve: ["vocab", "embed"] }));
expectType<Tensor<[["bh", number]], "float32">>(xn.stack({ bh: ["batch", "h"] }));
expectType<Tensor<[["b", 6, "masked"], ["hw", 384]], "float32">>(xm.stack({ hw: ["h", "w"] }));
expectType<Tensor<[["ft", 6]], "bool">>(xb.stack({ ft: ["f", "t"] }));
expectError(x.stack({ bh: ["b", "hh"] }));
expectError(x.stack({ bh: ["b", "b"] }));
expectError(x.stack({ bh: ["b", "h"], hw: ["h", "w"] }));
expectError(x.stack({ w: ["b", "h"] }));
expectError(x.stack({ bh: [] }));
expectError(xm.stack({ bh: ["b", "h"] }));
expectError(x.stack({ "b-h": ["b", "h"] }));

// ---- split then stack, stack then split ---------------------------------------------------------------------------------
expectType<Tensor<[["b", 6], ["h", 96], ["w", 4]], "float32">>(x.split("h", [["p", 8], "q"]).stack({ h: ["p", "q"] }));
expectType<Tensor<[["b", 6], ["h", 96], ["w", 4]], "float32">>(x.stack({ bh: ["b", "h"] }).split("bh", [["b", 6], "h"]));

// ---- pad, expand, squeeze ---------------------------------------------------------------------------------------------
expectType<Tensor<[["b", 6], ["h", 99], ["w", 4]], "float32">>(x.pad({ h: [1, 2] }));
expectType<Tensor<[["b", 7], ["h", 96], ["w", 12]], "float32">>(x.pad({ b: [0, 1], w: [4, 4] }, -1));
expectType<Tensor<[["batch", number], ["h", 98]], "float32">>(xn.pad({ h: [1, 1] }));
expectType<Tensor<[["batch", number], ["h", 96]], "float32">>(xn.pad({ batch: [1, 1] }));
expectType<Tensor<[["t", 5], ["f", 3]], "bool">>(xb.pad({ t: [3, 0] }, true));
expectError(x.pad({ h: [-1, 2] }));
expectError(x.pad({ h: [1, 0.5] }));
expectError(x.pad({ q: [1, 2] }));
expectError(xm.pad({ b: [1, 2] }));

expectType<Tensor<[["n", 3], ["b", 6], ["h", 96], ["w", 4]], "float32">>(x.expand([["n", 3]]));
expectType<Tensor<[["n", 3], ["m", number], ["t", 2], ["f", 3]], "int32">>(xi.expand([["n", 3], ["m", n]]));
expectError(x.expand([["h", 3]]));
expectError(xm.expand([["b", 3]]));
expectError(x.expand([["n", -3]]));
expectError(x.expand([["n", 2], ["n", 3]]));
expectType<Tensor<[["n", 3], ["b", 6], ["h", 96], ["w", 4]], "float32">>(x.expand({ n: 3 }));
expectType<Tensor<[["m", number], ["t", 2], ["f", 3]], "int32">>(xi.expand({ m: n }));
expectError(x.expand({ n: 3, m: 2 })); // two keys: a type cannot see their order
expectError(x.expand({}));
expectError(x.expand({ h: 3 }));

const ones = zeros([["a", 3], ["one", 1], ["b", 5], ["two", 1]]);
expectType<Tensor<[["a", 3], ["b", 5]], "float32">>(ones.squeeze("two", "one"));
expectType<Tensor<[["a", 3], ["b", 5], ["two", 1]], "float32">>(ones.squeeze("one"));
expectType<Tensor<[["h", 96]], "float32">>(xn.squeeze("batch"));
expectError(x.squeeze("h"));
expectError(ones.squeeze("one", "one"));
expectError(ones.squeeze("three"));
expectError(ones.mask("one").squeeze("one"));

// ---- concat ---------------------------------------------------------------------------------------------------------------
const y = zeros([["w", 4], ["h", 5], ["b", 6]]);
expectType<Tensor<[["b", 6], ["h", 101], ["w", 4]], "float32">>(concat([x, y], "h"));
expectType<Tensor<[["b", 6], ["h", 197], ["w", 4]], "float32">>(concat([x, y, x], "h"));
const xf = zeros([["f", 3], ["t", 2]]);
expectType<Tensor<[["t", 4], ["f", 3]], "float32">>(concat([xi, xf], "t"));
expectType<Tensor<[["t", 4], ["f", 3]], "int32">>(concat([xi, xi], "t"));
expectType<Tensor<[["t", 4], ["f", 3, "masked"]], "bool">>(concat([xb, xb.mask("f")], "t"));
expectType<Tensor<[["batch", number], ["h", 96]], "float32">>(concat([xn, xn], "batch"));
// a creator written inside the list keeps its own dtype (not the list's Tensor<Shape, DType>)
expectType<Tensor<[["b", 6], ["h", 97], ["w", 4]], "float32">>(concat([x, zeros([["b", 6], ["h", 1], ["w", 4]])], "h"));
expectType<Tensor<[["b", 6], ["h", 97], ["w", 4]], "float32">>(concat([x, onesOf([["h", 1], ["w", 4], ["b", 6]])], "h"));
expectType<Tensor<[["t", 3], ["f", 3]], "int32">>(concat([xi, zeros([["t", 1], ["f", 3]], { dtype: "int32" })], "t"));
expectType<Tensor<[["t", 3], ["f", 3]], "int32">>(concat([xi, tensor([[1, 2, 3]], ["t", "f"], { dtype: "int32" })], "t"));
expectType<Tensor<[["t", 3], ["f", 3]], "bool">>(concat([xb, tensor([[true, false, true]], ["t", "f"])], "t"));
expectType<Tensor<[["i", 7]], "float32">>(concat([arange("i", 3), placeholder([["i", 4]])], "i"));
expectError(concat([x, zeros([["w", 4], ["h", 5], ["b", 7]])], "h"));
expectError(concat([x, zeros([["w", 4], ["b", 6]])], "h"));
expectError(concat([x, zeros([["w", 4], ["h", 6]])], "h"));
expectError(concat([x, zeros([["w", 4], ["h", 1], ["b", 6], ["z", 2]])], "h"));
expectError(concat([xm, xm], "b"));
expectError(concat([xi, xb], "t"));

// ---- fromNpy ----------------------------------------------------------------------------------------------------------------
declare const bytes: Uint8Array;
expectType<Tensor<[["a", number], ["b", number]], DType>>(fromNpy(bytes, ["a", "b"]));
expectType<Tensor<[["batch", number]], "int32">>(fromNpy(bytes, ["batch"], { dtype: "int32" }));
expectType<Tensor<[], "float32">>(fromNpy(bytes, [], { dtype: "float32" }));
expectError(fromNpy(bytes, ["a", "a"]));
expectError(fromNpy(bytes, ["1a"]));

// ---- one mistake, one error: later ops on a failed result (Tensor<never>) accept anything -------------------------------------
expectError(x.split("h", [["a", 7], "q"]));
declare const failed: Tensor<never, "float32">;
expectType<Tensor<never, "float32">>(failed.transpose("q"));
expectType<Tensor<never, "float32">>(failed.split("a", ["p", "q"]));
expectType<Tensor<never, "float32">>(failed.stack({ q: ["a", "b"] }));
expectType<Tensor<never, "float32">>(failed.pad({ a: [1, 1] }));
expectType<Tensor<never, "float32">>(concat([failed, x], "h"));

// ---- dynamic() and back: shapedLike with dims written out gives exactly that shape, usable by the next op ----
{
  const x = zeros([["a", 2], ["b", 3]]);
  const spelled = x.dynamic().shapedLike([["a", 2], ["b", 3]]);
  expectType<Tensor<[["a", 2], ["b", 3]], "float32">>(spelled);
  expectType<Tensor<[["b", 3]], "float32">>(spelled.sum("a"));
  const masked = x.mask("a").dynamic().shapedLike([["a", 2, "masked"], ["b", 3]] as const);
  expectType<Tensor<[["a", 2, "masked"], ["b", 3]], "float32">>(masked);
  expectType<Tensor<[["a", 2, "masked"]], "float32">>(masked.sum("b"));
  expectType<Tensor<[["a", 2], ["b", 3]], "float32">>(x.dynamic().shapedLike(x));
  expectError(spelled.sum("c"));
  expectError(masked.sum("a"));
}
