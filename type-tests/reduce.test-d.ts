// Type tests (tsd, against dist/*.d.ts): reductions and scans by name. Reductions remove the named dims and
// keep the others in order (DESIGN §2b rule 5); softmax/cumsum/sort keep the shape; topk replaces the name in
// place. Names must be visible, single string literals that are identifiers, named once.
import { expectError, expectType } from "tsd";
import { type Shape, type Tensor, zeros } from "../dist/index.js";

const x = zeros([["batch", 32], ["seq", 128], ["feat", 64]]);
const xi = zeros([["batch", 32], ["seq", 128]], { dtype: "int32" });
const xb = zeros([["batch", 32], ["seq", 128]], { dtype: "bool" });
const xm = x.mask("batch");
declare const n: number;
const xn = zeros([["batch", n], ["seq", 128]]);
declare const anyRank: Tensor;

// ---- reductions remove the names ----------------------------------------------------------------------------
expectType<Tensor<[["batch", 32], ["feat", 64]], "float32">>(x.sum("seq"));
expectType<Tensor<[["seq", 128]], "float32">>(x.sum(["batch", "feat"]));
expectType<Tensor<[["seq", 128]], "float32">>(x.sum(["feat", "batch"]));
expectType<Tensor<[], "float32">>(x.sum(["batch", "seq", "feat"]));
expectType<Tensor<[["batch", 32], ["seq", 128], ["feat", 64]], "float32">>(x.sum([]));
expectType<Tensor<[["batch", 32], ["seq", 128]], "float32">>(x.mean("feat"));
expectType<Tensor<[["batch", 32], ["feat", 64]], "float32">>(x.max("seq"));
expectType<Tensor<[["batch", 32], ["feat", 64]], "float32">>(x.min("seq"));
expectType<Tensor<[["batch", 32], ["feat", 64]], "float32">>(x.prod("seq"));
expectType<Tensor<[["batch", 32], ["feat", 64]], "float32">>(x.logsumexp("seq"));
expectType<Tensor<[["batch", 32]], "float32">>(x.variance(["seq", "feat"], { correction: 1 }));
expectType<Tensor<[["batch", 32], ["seq", 128]], "float32">>(x.std("feat"));
expectType<Tensor<[["batch", 32], ["feat", 64]], "int32">>(x.argmax("seq"));
expectType<Tensor<[["seq", 128], ["feat", 64]], "int32">>(x.argmin("batch"));
expectType<Tensor<[["batch", 32]], "float32">>(x.sum("seq").mean("feat"));

// ---- dtypes: int32 sums stay int32, means are float32, logical reductions need bool ------------------------------
expectType<Tensor<[["batch", 32]], "int32">>(xi.sum("seq"));
expectType<Tensor<[["batch", 32]], "int32">>(xi.max("seq"));
expectType<Tensor<[["batch", 32]], "float32">>(xi.mean("seq"));
expectType<Tensor<[["batch", 32]], "int32">>(xi.argmax("seq"));
expectType<Tensor<[["batch", 32]], "bool">>(xb.all("seq"));
expectType<Tensor<[], "bool">>(xb.any(["batch", "seq"]));

// ---- ops along one name keep the shape ----------------------------------------------------------------------------
expectType<Tensor<[["batch", 32], ["seq", 128], ["feat", 64]], "float32">>(x.softmax("seq"));
expectType<Tensor<[["batch", 32], ["seq", 128], ["feat", 64]], "float32">>(x.logSoftmax("feat"));
expectType<Tensor<[["batch", 32], ["seq", 128]], "float32">>(xi.softmax("seq"));
expectType<Tensor<[["batch", 32], ["seq", 128]], "int32">>(xi.cumsum("seq"));
expectType<{ values: Tensor<[["batch", 32], ["seq", 128]], "int32">; indices: Tensor<[["batch", 32], ["seq", 128]], "int32"> }>(
  xi.sort("seq", { descending: true }),
);
expectType<{ values: Tensor<[["batch", 32], ["best", 5], ["feat", 64]], "float32">; indices: Tensor<[["batch", 32], ["best", 5], ["feat", 64]], "int32"> }>(
  x.topk("seq", 5, "best"),
);
expectType<Tensor<[["batch", 32], ["seq", 128], ["feat", 64]], "float32">>(x.topk("seq", 128, "seq").values);

// ---- masked dims pass through; dynamic sizes and rank ---------------------------------------------------------------
expectType<Tensor<[["batch", 32, "masked"], ["feat", 64]], "float32">>(xm.sum("seq"));
expectType<Tensor<[["batch", 32, "masked"], ["seq", 128], ["feat", 64]], "float32">>(xm.softmax("seq"));
expectType<Tensor<[["batch", number]], "float32">>(xn.sum("seq"));
expectType<Tensor<[["seq", 128]], "float32">>(xn.mean("batch"));
expectType<Tensor<Shape, "float32">>(anyRank.sum(["a", "b"]));
expectType<Tensor<Shape, "float32">>(anyRank.softmax("key"));
// A Tensor<any> opts out of the checks (they happen at run time), like a tensor of dynamic rank, whose names
// may be plain strings.
declare const anyShape: Tensor<any, "float32">;
declare const someName: string;
expectType<Tensor<Shape, "float32">>(anyShape.sum("seq"));
expectType<Tensor<Shape, "float32">>(anyShape.softmax("c").dot("c", anyShape));
expectType<Tensor<Shape, "float32">>(anyShape.sum(someName));
expectType<Tensor<Shape, "float32">>(anyRank.sum(someName));
expectError(x.sum(someName));

// ---- mistakes ----------------------------------------------------------------------------------------------------------
// an absent name (also inside a list, and after the dim was reduced away)
expectError(x.sum("sq"));
expectError(x.mean(["seq", "width"]));
expectError(x.softmax("key"));
expectError(x.argmax("time"));
expectError(x.sum("seq").sum("seq"));
// a private name
expectError(xm.sum("batch"));
expectError(xm.mean(["seq", "batch"]));
expectError(xm.softmax("batch"));
expectError(xm.topk("batch", 2, "best"));
// a name given twice
expectError(x.sum(["seq", "seq"]));
expectError(x.max(["feat", "batch", "feat"]));
// names that are not identifiers
expectError(x.sum("0"));
expectError(x.sum(""));
expectError(x.cumsum("1"));
expectError(x.sum(["seq", "2"]));
// a name that is not a single literal
declare const name: string;
declare const either: "seq" | "feat";
expectError(x.sum(name));
expectError(x.softmax(name));
expectError(x.sum(either));
// dtype rules: no arithmetic reductions of bool, logical reductions need bool
expectError(xb.sum("seq"));
expectError(xb.mean("seq"));
expectError(xb.softmax("seq"));
expectError(xb.argmax("seq"));
expectError(x.all("seq"));
expectError(xi.any("seq"));
// topk: k larger than the dim, a new name that is taken or not an identifier
expectError(x.topk("seq", 129, "best"));
expectError(x.topk("seq", 5, "feat"));
expectError(x.topk("seq", 5, "9"));
