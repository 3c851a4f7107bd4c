// Type tests (tsd, against dist/*.d.ts): indexing by name. get and unbind remove the dim; narrow replaces it in
// place under a new name; indexSelect puts the index's dims where the name stood; gather matches the index's
// dims shared with x pointwise. Literal bounds are checked at compile time; `number` ones at run time.
import { expectError, expectType } from "tsd";
import { type Shape, type Tensor, zeros } from "../dist/index.js";

const x = zeros([["b", 6], ["h", 96], ["w", 4]]);
const xm = x.mask("b");
const xi = zeros([["b", 6], ["h", 96]], { dtype: "int32" });
declare const n: number;
declare const i: number;
const xn = zeros([["batch", n], ["h", 96]]);
declare const anyRank: Tensor;

// ---- get ---------------------------------------------------------------------------------------------------------------
expectType<Tensor<[["b", 6], ["w", 4]], "float32">>(x.get("h", 0));
expectType<Tensor<[["b", 6], ["w", 4]], "float32">>(x.get("h", 95));
expectType<Tensor<[["b", 6], ["w", 4]], "float32">>(x.get("h", i));
expectType<Tensor<[["h", 96]], "int32">>(xi.get("b", 5));
expectType<Tensor<[["b", 6, "masked"], ["h", 96]], "float32">>(xm.get("w", 3));
expectType<Tensor<[["h", 96]], "float32">>(xn.get("batch", 1000));
expectType<Tensor<[], "float32">>(x.get("h", 1).get("b", 2).get("w", 3));
expectType<Tensor<Shape, "float32">>(anyRank.get("h", 0));
expectError(x.get("h", 96));
expectError(x.get("h", -1));
expectError(x.get("h", 1.5));
expectError(x.get("q", 0));
expectError(xm.get("b", 0));

// ---- narrow -------------------------------------------------------------------------------------------------------------
expectType<Tensor<[["b", 6], ["mid", 10], ["w", 4]], "float32">>(x.narrow("h", 3, 10, "mid"));
expectType<Tensor<[["b", 6], ["tail", 6], ["w", 4]], "float32">>(x.narrow("h", 90, 6, "tail"));
expectType<Tensor<[["b", 6], ["none", 0], ["w", 4]], "float32">>(x.narrow("h", 96, 0, "none"));
expectType<Tensor<[["b", 6], ["k", number], ["w", 4]], "float32">>(x.narrow("h", 0, n, "k"));
expectType<Tensor<[["b", 6], ["k", 5], ["w", 4]], "float32">>(x.narrow("h", i, 5, "k"));
expectType<Tensor<[["first", 2], ["h", 96]], "float32">>(xn.narrow("batch", 0, 2, "first"));
expectType<Tensor<[["b", 6, "masked"], ["mid", 10], ["w", 4]], "float32">>(xm.narrow("h", 3, 10, "mid"));
expectError(x.narrow("h", 90, 10, "mid"));
expectError(x.narrow("h", -1, 10, "mid"));
expectError(x.narrow("h", 0, -2, "mid"));
expectError(x.narrow("h", 0, 10, "h"));
expectError(x.narrow("h", 0, 10, "w"));
expectError(xm.narrow("h", 0, 10, "b"));
expectError(x.narrow("h", 0, 10, "h h"));
expectError(x.narrow("q", 0, 1, "r"));
expectError(xm.narrow("b", 0, 1, "r"));

// ---- unbind ----------------------------------------------------------------------------------------------------------------
expectType<Tensor<[["h", 96], ["w", 4]], "float32">[]>(x.unbind("b"));
expectType<Tensor<[["b", 6, "masked"], ["h", 96]], "float32">[]>(xm.unbind("w"));
expectError(x.unbind("q"));
expectError(xm.unbind("b"));

// ---- indexSelect ----------------------------------------------------------------------------------------------------------
const emb = zeros([["vocab", 100], ["embed", 8]]);
const ids = zeros([["batch", 4], ["seq", 5]], { dtype: "int32" });
expectType<Tensor<[["batch", 4], ["seq", 5], ["embed", 8]], "float32">>(emb.indexSelect("vocab", ids));
expectType<Tensor<[["b", 6], ["batch", 4], ["seq", 5], ["w", 4]], "float32">>(x.indexSelect("h", ids));
const hsel = zeros([["h", 3]], { dtype: "int32" });
expectType<Tensor<[["b", 6], ["h", 3], ["w", 4]], "float32">>(x.indexSelect("h", hsel));
expectType<Tensor<[["b", 6, "masked"], ["batch", 4], ["seq", 5], ["w", 4]], "float32">>(xm.indexSelect("h", ids));
const idsN = zeros([["k", n]], { dtype: "int32" });
expectType<Tensor<[["b", 6], ["k", number], ["w", 4]], "float32">>(x.indexSelect("h", idsN));
expectType<Tensor<Shape, "float32">>(x.indexSelect("h", anyRank.cast("int32")));
expectError(x.indexSelect("h", zeros([["batch", 4], ["w", 5]], { dtype: "int32" })));
expectError(x.indexSelect("h", zeros([["batch", 4]])));
expectError(x.indexSelect("q", ids));
expectError(xm.indexSelect("b", ids));

// ---- gather --------------------------------------------------------------------------------------------------------------
const logits = zeros([["batch", 4], ["class", 10]]);
const labels = zeros([["batch", 4]], { dtype: "int32" });
expectType<Tensor<[["batch", 4]], "float32">>(logits.gather("class", labels));
const top = zeros([["k", 3], ["batch", 4]], { dtype: "int32" });
expectType<Tensor<[["batch", 4], ["k", 3]], "float32">>(logits.gather("class", top));
const like = zeros([["batch", 4], ["class", 2]], { dtype: "int32" });
expectType<Tensor<[["batch", 4], ["class", 2]], "float32">>(logits.gather("class", like));
const wIdx = zeros([["w", 4], ["k", 2]], { dtype: "int32" });
expectType<Tensor<[["b", 6, "masked"], ["k", 2], ["w", 4]], "float32">>(xm.gather("h", wIdx));
const bIdx = zeros([["b", 6]], { dtype: "int32" });
expectType<Tensor<[["b", 6, "masked"], ["w", 4]], "float32">>(xm.gather("h", bIdx));
expectType<Tensor<[["b", 6], ["w", 4]], "float32">>(x.gather("h", bIdx));
expectError(x.gather("h", zeros([["w", 5]], { dtype: "int32" })));
expectError(x.gather("h", zeros([["w", 4]])));
expectError(x.gather("q", bIdx));
expectError(xm.gather("b", bIdx));

// ---- one mistake, one error: later ops on a failed result (Tensor<never>) accept anything -------------------------------------
declare const failed: Tensor<never, "float32">;
expectType<Tensor<never, "float32">>(failed.get("a", 0));
expectType<Tensor<never, "float32">>(failed.narrow("h", 0, 1, "z"));
expectType<Tensor<never, "float32">>(failed.indexSelect("a", ids));
expectType<Tensor<never, "float32">>(failed.gather("a", labels));
