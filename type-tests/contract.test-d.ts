// Type tests (tsd, against dist/*.d.ts): contraction by name. `a.dot(names, b)` removes the contracted names
// from both operands, then broadcasts the rest (DESIGN §2b rule 2: shared names act as batch dims);
// `contract(tensors, names)` is the n-operand form. Contracted names must be visible dims of both operands.
import { expectError, expectType } from "tsd";
import { type Shape, type Tensor, contract, zeros } from "../dist/index.js";

const q = zeros([["batch", 8], ["heads", 12], ["query", 16], ["dh", 64]]);
const k = zeros([["batch", 8], ["heads", 12], ["key", 16], ["dh", 64]]);
const v = zeros([["batch", 8], ["heads", 12], ["key", 16], ["dv", 32]]);
const im = zeros([["height", 96], ["width", 96], ["channels", 3]]);
const ht = zeros([["batch", 4], ["inhid", 7]]);
const W = zeros([["inhid", 7], ["outhid", 5]]);
const Wi = zeros([["inhid", 7], ["outhid", 5]], { dtype: "int32" });
const hti = zeros([["batch", 4], ["inhid", 7]], { dtype: "int32" });
declare const n: number;
const htn = zeros([["batch", n], ["inhid", 7]]);
declare const anyRank: Tensor;

// ---- dot -----------------------------------------------------------------------------------------------------------
expectType<Tensor<[["batch", 4], ["outhid", 5]], "float32">>(ht.dot("inhid", W));
expectType<Tensor<[["outhid", 5], ["batch", 4]], "float32">>(W.dot("inhid", ht));
expectType<Tensor<[["width", 96], ["channels", 3]], "float32">>(im.dot("height", im));
expectType<Tensor<[["channels", 3]], "float32">>(im.dot(["height", "width"], im));
expectType<Tensor<[], "float32">>(ht.dot(["batch", "inhid"], ht));
expectType<Tensor<[["batch", 8], ["heads", 12], ["query", 16], ["key", 16]], "float32">>(q.dot("dh", k));
expectType<Tensor<[["batch", 8], ["heads", 12], ["query", 16], ["dv", 32]], "float32">>(q.dot("dh", k).softmax("key").dot("key", v));
// dtypes: int32 · int32 stays int32, int32 · float32 is float32
expectType<Tensor<[["batch", 4], ["outhid", 5]], "int32">>(hti.dot("inhid", Wi));
expectType<Tensor<[["batch", 4], ["outhid", 5]], "float32">>(hti.dot("inhid", W));
// dynamic sizes and rank
expectType<Tensor<[["batch", number], ["outhid", 5]], "float32">>(htn.dot("inhid", W));
expectType<Tensor<Shape, "float32">>(anyRank.dot("inhid", W));
expectType<Tensor<Shape, "float32">>(W.dot("inhid", anyRank));
// masked dims travel through as batch dims
expectType<Tensor<[["batch", 4, "masked"], ["outhid", 5]], "float32">>(ht.mask("batch").dot("inhid", W));

// ---- contract -------------------------------------------------------------------------------------------------------
expectType<Tensor<[["batch", 8], ["heads", 12], ["query", 16], ["key", 16]], "float32">>(contract([q, k], "dh"));
expectType<Tensor<[["batch", 8], ["heads", 12], ["query", 16], ["dv", 32]], "float32">>(
  contract([q.dot("dh", k), v], "key"),
);
expectType<Tensor<[["batch", 4]], "float32">>(contract([ht, W, zeros([["outhid", 5]])], ["inhid", "outhid"]));
expectType<Tensor<[["batch", 4], ["outhid", 5]], "int32">>(contract([hti, Wi], "inhid"));
expectType<Tensor<[["batch", 4], ["outhid", 5]], "float32">>(contract([hti, W], ["inhid"]));

// ---- mistakes ----------------------------------------------------------------------------------------------------------
// a name missing from one operand (dot) or from all (contract)
expectError(ht.dot("outhid", W));
expectError(ht.dot("batch", W));
expectError(q.dot(["dh", "query"], k));
expectError(ht.dot("nope", W));
expectError(contract([q, k], "dv"));
expectError(contract([q, k], ["dh", "nope"]));
// a private name
expectError(ht.mask("inhid").dot("inhid", W));
expectError(ht.dot("inhid", W.mask("inhid")));
expectError(contract([ht.mask("inhid"), W], "inhid"));
// the contracted dim, or a shared batch-like dim, with two sizes
expectError(ht.dot("inhid", zeros([["inhid", 8], ["outhid", 5]])));
expectError(q.dot("dh", zeros([["batch", 9], ["key", 16], ["dh", 64]])));
expectError(contract([ht, zeros([["inhid", 6]])], "inhid"));
// a name given twice, not an identifier, not a single literal
declare const name: string;
declare const either: "inhid" | "batch";
expectError(im.dot(["height", "height"], im));
expectError(contract([q, k], ["dh", "dh"]));
expectError(ht.dot("", W));
expectError(ht.dot("7", W));
expectError(ht.dot(name, W));
expectError(ht.dot(either, W));
expectError(contract([q, k], name));
// bool operands
expectError(ht.dot("inhid", zeros([["inhid", 7]], { dtype: "bool" })));
expectError(zeros([["inhid", 7]], { dtype: "bool" }).dot("inhid", W));
