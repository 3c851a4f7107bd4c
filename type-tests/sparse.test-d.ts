// Type tests (tsd, against dist/*.d.ts): sparse tensors keep their names and sizes in the type exactly like a
// dense tensor; format presets are plain level lists that read well in hovers; toDense gives the dense type.
import { expectError, expectType } from "tsd";
import { type LazySparse, type Shape, type SparseTensor, type Tensor, coo, csc, csf, csr, dcsr, fromCoo, fromMtx, fromNpz, fromSafetensorsSparse, sparse, zeros } from "../dist/index.js";

expectType<[["row", "dense"], ["col", "compressed"]]>(csr("row", "col"));
expectType<[["col", "dense"], ["row", "compressed"]]>(csc("row", "col"));
expectType<[["row", "compressed"], ["col", "compressed"]]>(dcsr("row", "col"));
expectType<[["i", "compressed"], ["j", "singleton"], ["k", "singleton"]]>(coo("i", "j", "k"));
expectType<[["i", "compressed"], ["j", "compressed"], ["k", "compressed"]]>(csf("i", "j", "k"));

const A = fromCoo([["row", 3], ["col", 4]], { coords: { row: [0, 2], col: [1, 3] }, values: [1, 2] }, csr("row", "col"));
expectType<SparseTensor<[["row", 3], ["col", 4]]>>(A);
expectType<{ readonly row: 3; readonly col: 4 }>(A.shape);
expectType<Tensor<[["row", 3], ["col", 4]], "float32">>(A.toDense());
expectType<number>(A.nnz);
expectType<number>(A.density);

const x = zeros([["i", 2], ["j", 5]]);
expectType<Promise<SparseTensor<[["i", 2], ["j", 5]]>>>(sparse(x, csc("i", "j")));

// A format that names a dim the tensor lacks, or leaves one out, does not compile.
expectError(sparse(x, csr("i", "k")));
expectError(sparse(x, [["i", "dense"]]));
expectError(fromCoo([["row", 3], ["col", 4]], { coords: { row: [0], col: [1] }, values: [1] }, csr("row", "row")));
// Coordinates must be given under the tensor's names.
expectError(fromCoo([["row", 3], ["col", 4]], { coords: { row: [0], cols: [1] }, values: [1] }, csr("row", "col")));

// The ops keep names and sizes in the result types, exactly like the dense ops.
const x4 = zeros([["col", 4]]);
expectType<Tensor<[["row", 3]], "float32">>(A.dot("col", x4));
expectType<Tensor<[["row", 3], ["k", 8]], "float32">>(A.dot("col", zeros([["col", 4], ["k", 8]])));
expectType<LazySparse<[["row", 3], ["col", 4]]>>(A.mul(zeros([["row", 3], ["col", 4]])));
expectType<LazySparse<[["row", 3], ["col", 4]]>>(A.add(A));
expectType<SparseTensor<[["row", 3], ["col", 4]]>>(await A.mul(2).add(A));
expectType<Tensor<[["row", 3], ["col", 4]], "float32">>(A.add(zeros([["row", 3], ["col", 4]])));
expectType<Tensor<[["row", 3]], "float32">>(A.sum("col"));
expectError(A.dot("col", zeros([["col", 5]])));
// SpGEMM: a sparse operand gives a sparse result with the dense dot's names and sizes, and the same mistakes.
const S = fromCoo([["col", 4], ["j", 5]], { coords: { col: [0], j: [1] }, values: [1] }, csr("col", "j"));
expectType<LazySparse<[["row", 3], ["j", 5]]>>(A.dot("col", S));
expectType<SparseTensor<[["row", 3], ["j", 5]]>>(await A.dot("col", S));
expectType<Tensor<[], "float32">>(A.dot(["row", "col"], A));
expectError(A.dot("col", fromCoo([["col", 5], ["j", 5]], { coords: { col: [0], j: [1] }, values: [1] }, csr("col", "j"))));
expectError(A.dot("cols", S));
expectError(A.sum("rows"));

// transpose and rename: the dense ops' types and mistakes.
expectType<SparseTensor<[["col", 4], ["row", 3]]>>(A.transpose("col", "row"));
expectType<SparseTensor<[["i", 3], ["col", 4]]>>(A.rename({ row: "i" }));
expectType<Tensor<[["i", 3]], "float32">>(A.rename({ row: "i" }).dot("col", x4));
expectError(A.transpose("col"));
expectError(A.transpose("col", "rows"));
expectError(A.rename({ rows: "i" }));
expectError(A.rename({ row: "col" }));

// mask and unmask: the dense ops' types and mistakes (a private dim cannot be named).
const Am = A.mask("row");
expectType<SparseTensor<[["row", 3, "masked"], ["col", 4]]>>(Am);
expectType<Tensor<[["row", 3, "masked"]], "float32">>(Am.sum("col"));
expectType<SparseTensor<[["row", 3], ["col", 4]]>>(Am.unmask());
expectError(Am.sum("row"));
expectError(Am.dot("row", zeros([["row", 3]])));
expectError(A.mask("rows"));
expectError(Am.mask("row"));

// Unary functions: those that keep zero keep the sparse type, the others give the dense type; mean is sum's type.
expectType<SparseTensor<[["row", 3], ["col", 4]]>>(A.neg());
expectType<SparseTensor<[["row", 3], ["col", 4]]>>(A.abs().sqrt().relu().tanh());
expectType<SparseTensor<[["row", 3, "masked"], ["col", 4]]>>(Am.sin());
expectType<Tensor<[["row", 3], ["col", 4]], "float32">>(A.exp());
expectType<Tensor<[["row", 3], ["col", 4]], "float32">>(A.sigmoid());
expectType<Tensor<[["row", 3], ["col", 4]], "float32">>(A.cos().add(A.log()));
expectType<Tensor<[["row", 3]], "float32">>(A.mean("col"));
expectType<Tensor<[], "float32">>(A.mean(["row", "col"]));
expectType<Tensor<[["row", 3, "masked"]], "float32">>(Am.mean("col"));
expectType<SparseTensor<[["row", 3], ["col", 4]]>>(A.div(2).pow(2));
expectError(A.div(zeros([["row", 3], ["col", 4]])));
expectError(A.mean("rows"));
expectError(Am.mean("row"));
// a function that keeps zero only for some arguments (clamp) has no sparse form: toDense() first
expectError(A.clamp(-1, 1));

// the matrix readers: the names stay literal (also where the result goes to a wider parameter), and are checked
expectType<SparseTensor<[["r", number], ["c", number]]>>(fromMtx("", ["r", "c"]));
expectType<SparseTensor<[["r", number], ["c", number]]>>(fromMtx("", ["r", "c"], csc("r", "c")));
expectType<Promise<SparseTensor<[["r", number], ["c", number]]>>>(fromNpz(new Uint8Array(), ["r", "c"]));
expectType<SparseTensor<[["r", number], ["c", number]]>>(fromSafetensorsSparse(new Uint8Array(), "A", ["r", "c"]));
declare function takesSparse<T extends SparseTensor<Shape>>(t: T): T;
expectType<SparseTensor<[["r", number], ["c", number]]>>(takesSparse(fromMtx("", ["r", "c"])));
expectError(fromMtx("", ["r", "r"]));
expectError(fromMtx("", ["r", "9"]));
expectError(fromNpz(new Uint8Array(), ["r", "r"]));
expectError(fromSafetensorsSparse(new Uint8Array(), "A", ["r", "r"]));

// a sparse result keeps the sparse operand's dims; a dense sum broadcasts (its result is dense)
const A3 = fromCoo([["row", 3], ["col", 4], ["b", 2]], { coords: { row: [0], col: [1], b: [0] }, values: [1] }, [["row", "dense"], ["col", "compressed"], ["b", "compressed"]]);
expectType<LazySparse<[["row", 3], ["col", 4], ["b", 2]]>>(A3.mul(A));
expectType<LazySparse<[["row", 3], ["col", 4], ["b", 2]]>>(A3.add(A));
expectType<Tensor<[["row", 3], ["col", 4], ["b", 2]], "float32">>(A.add(zeros([["b", 2]])));
expectError(A.mul(zeros([["b", 2], ["col", 4]])));
expectError(A.mul(A3));
expectError(A.add(A3));
expectError(A.sub(A3));
