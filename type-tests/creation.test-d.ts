// Type tests (tsd, against the emitted dist/*.d.ts): creation functions and what every tensor shows in
// hovers (`Tensor<[["batch", 32], ["seq", 128]], "float32">`, `.shape` a flat readonly record, `.dims` a
// names tuple), dynamic `number` sizes and the dynamic-rank `Tensor`. Mistakes in shape specs must not compile.
import { expectAssignable, expectError, expectType } from "tsd";
import {
  type DType,
  type Shape,
  type Tensor,
  arange,
  eye,
  full,
  linspace,
  ones,
  rand,
  randint,
  randn,
  tensor,
  zeros,
} from "../dist/index.js";

// ---- literal shapes: the hover type is the pairs tuple and the dtype --------------------------------------
const x = zeros([["batch", 32], ["seq", 128]]);
expectType<Tensor<[["batch", 32], ["seq", 128]], "float32">>(x);
expectType<{ readonly batch: 32; readonly seq: 128 }>(x.shape);
expectType<["batch", "seq"]>(x.dims);
expectType<"float32">(x.dtype);
expectType<number>(x.rank);
expectType<number>(x.numel);
expectType<Float32Array>(x.dataSync());
expectType<Promise<Float32Array>>(x.data());
expectType<number[][]>(x.toArray());
expectType<number>(x.item());

expectType<Tensor<[["batch", 2]], "float32">>(ones([["batch", 2]]));
expectType<Tensor<[["h", 2], ["w", 3]], "float32">>(full([["h", 2], ["w", 3]], 7));
expectType<Tensor<[["h", 2]], "int32">>(full([["h", 2]], 7, { dtype: "int32" }));
expectType<Tensor<[["h", 2]], "bool">>(zeros([["h", 2]], { dtype: "bool" }));
expectType<Tensor<[], "float32">>(zeros([]));
expectType<{}>(zeros([]).shape);
expectType<[]>(zeros([]).dims);

// ---- tensor(): sizes from pairs, or from the nesting for bare names; dtype from the data -----------------
expectType<Tensor<[["batch", 2], ["feat", 3]], "float32">>(tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"]));
expectType<Tensor<[["batch", 2], ["feat", 3]], "float32">>(tensor(new Float32Array(6), [["batch", 2], ["feat", 3]]));
expectType<Tensor<[["batch", 2], ["feat", 3]], "int32">>(tensor(new Int32Array(6), [["batch", 2], ["feat", 3]]));
expectType<Tensor<[["r", 1], ["c", 2]], "bool">>(tensor([[true, false]], ["r", "c"]));
expectType<Tensor<[["i", 3]], "int32">>(tensor([1, 2, 3], [["i", 3]], { dtype: "int32" }));
expectType<Tensor<[["r", 2], ["c", 2]], "float32">>(tensor([[1, 2], [3, 4]], ["r", ["c", 2]]));
expectType<Tensor<[["batch", 2], ["feat", 3]], "float32">>(tensor([1, 2, 3, 4, 5, 6], [["batch", 2], ["feat", 3]]));
expectType<Tensor<[["r", 2], ["c", 3]], "float32">>(tensor([[1, 2, 3], [4, 5, 6]], [["r", 2], ["c", 3]]));
expectType<Tensor<[["r", 2], ["c", 1], ["k", 2]], "float32">>(tensor([[[1, 2]], [[3, 4]]], ["r", ["c", 1], "k"]));
expectType<Tensor<[["i", 4]], "float32">>(tensor([1, 2, 3, 4], ["i"]));
expectType<Tensor<[["i", number], ["j", number]], "float32">>(tensor([[1, 2], [3, 4]] as number[][], ["i", "j"]));
expectError(tensor([[1, 2, 3], [4, 5, 6]], [["r", 3], "c"]));
expectError(tensor([[1, 2, 3], [4, 5, 6]], ["r", ["c", 2]]));
expectError(tensor([[1, 2], [3, 4]], ["r"]));
expectError(tensor([1, 2, 3], ["r", "c"]));
expectType<boolean[][]>(tensor([[true, false]], ["r", "c"]).toArray());
expectType<Uint8Array>(tensor([[true, false]], ["r", "c"]).dataSync());
expectType<Int32Array>(tensor(new Int32Array(2), [["i", 2]]).dataSync());
expectType<boolean>(tensor([[true]], ["r", "c"]).item());

// ---- ranges, identity, random ---------------------------------------------------------------------------
expectType<Tensor<[["i", 4]], "float32">>(arange("i", 4));
expectType<Tensor<[["i", 4]], "int32">>(arange("i", 4, { dtype: "int32", start: 2 }));
expectType<Tensor<[["t", 5]], "float32">>(linspace("t", 0, 1, 5));
expectType<Tensor<[["i", 3], ["j", 3]], "float32">>(eye([["i", 3], ["j", 3]]));
expectType<Tensor<[["batch", 2], ["feat", 3]], "float32">>(rand([["batch", 2], ["feat", 3]], { seed: 0 }));
expectType<Tensor<[["inhid", 7], ["outhid", 7]], "float32">>(randn([["inhid", 7], ["outhid", 7]], { seed: 0 }));
expectType<Tensor<[["batch", 4]], "int32">>(randint([["batch", 4]], 0, 10, { seed: 1 }));

// ---- dynamic sizes: `number` flows through, and the literal wins when unified ----------------------------
declare const n: number;
const dyn = zeros([["batch", n], ["seq", 3]]);
expectType<Tensor<[["batch", number], ["seq", 3]], "float32">>(dyn);
expectType<{ readonly batch: number; readonly seq: 3 }>(dyn.shape);
expectType<Tensor<[["batch", 4], ["seq", 3]], "float32">>(dyn.add(zeros([["batch", 4]])));
expectType<Tensor<[["batch", 4], ["seq", 3]], "float32">>(zeros([["batch", 4]]).add(dyn));
expectType<Tensor<[["i", number]], "float32">>(arange("i", n));

// ---- dynamic rank: `Tensor` is `Tensor<Shape, "float32">` and accepts any float32 tensor -----------------
declare const anyRank: Tensor;
expectType<Tensor<Shape, "float32">>(anyRank);
expectAssignable<Tensor>(x);
expectAssignable<Tensor>(dyn);
expectAssignable<Tensor<Shape, DType>>(zeros([["h", 2]], { dtype: "bool" }));
expectType<{ readonly [x: string]: number }>(anyRank.shape);
expectType<string[]>(anyRank.dims);
expectType<Tensor<Shape, "float32">>(anyRank.sum("anything"));
expectType<Tensor<Shape, "float32">>(anyRank.add(x));

// ---- bad shape specs ----------------------------------------------------------------------------------------
expectError(zeros([["batch", -1]]));
expectError(zeros([["batch", 1.5]]));
expectError(ones([["batch", 2], ["seq", -3]]));
expectError(full([["batch", 2], ["batch", 3]], 0));
expectError(zeros([["0", 2]]));
expectError(zeros([["", 2]]));
expectError(zeros([["1st", 2]]));
expectError(zeros([["my dim", 2]]));
declare const name: string;
expectError(zeros([[name, 2]]));
expectError(arange("", 4));
expectError(arange("i", -4));
expectError(linspace("t", 0, 1, 2.5));
expectError(tensor([1, 2, 3], [["i", -3]]));
expectError(tensor([1, 2, 3], [["i", 4]]));
expectError(tensor([1, 2, 3, 4, 5, 6], [["batch", 2], ["feat", 4]]));
expectError(tensor([[1, 2], [3, 4]], ["r", "r"]));
expectError(tensor([[1, 2], [3, 4]], ["9", "c"]));
expectError(eye([["i", 3], ["i", 3]]));
expectError(eye([["i", 3], ["j", 3], ["k", 3]]));
expectError(randn([["a", 2]], {}));
expectError(rand([["a", 2.5]], { seed: 0 }));
expectError(zeros([["a", 2]], { dtype: "float64" }));

// ---- a size that is a union of literals is only known at run time: `number` --------------------------------------
declare const either: 2 | 3;
expectType<Tensor<[["a", number], ["b", 4]], "float32">>(zeros([["a", either], ["b", 4]]));
expectType<Tensor<[["i", number]], "float32">>(arange("i", either));
expectType<Tensor<[["i", number]], "float32">>(linspace("i", 0, 1, either));
expectType<Tensor<[["i", number]], "float32">>(tensor(new Float32Array(3), [["i", either]]));
expectType<Tensor<[["a", 2]], "float32">>(zeros([["a", 2]]).add(zeros([["a", either]])));
