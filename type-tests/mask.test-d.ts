// Type tests (tsd, against dist/*.d.ts): private (masked) dims. `mask` flags dims in place so that no
// name-taking op can touch them; they still travel through every op, broadcast and size-check by name;
// `unmask` shows them again in place (DESIGN §2b rule 11).
import { expectError, expectType } from "tsd";
import { type Shape, type Tensor, zeros } from "../dist/index.js";

const ys = zeros([["batch", 3], ["seqlen", 5], ["inhid", 7]]);
const Y = ys.mask("batch");
const W = zeros([["inhid", 7], ["outhid", 4]]);
declare const anyRank: Tensor;

// ---- mask / unmask ------------------------------------------------------------------------------------------------
expectType<Tensor<[["batch", 3, "masked"], ["seqlen", 5], ["inhid", 7]], "float32">>(Y);
expectType<Tensor<[["batch", 3, "masked"], ["seqlen", 5, "masked"], ["inhid", 7]], "float32">>(ys.mask("batch", "seqlen"));
expectType<Tensor<[["batch", 3, "masked"], ["seqlen", 5, "masked"], ["inhid", 7]], "float32">>(Y.mask("seqlen"));
expectType<Tensor<[["batch", 3], ["seqlen", 5], ["inhid", 7]], "float32">>(Y.unmask());
expectType<Tensor<[["batch", 3], ["seqlen", 5], ["inhid", 7]], "float32">>(ys.unmask());
expectType<Tensor<[["batch", 3], ["seqlen", 5], ["inhid", 7]], "float32">>(ys.mask());
expectType<Tensor<[["batch", 3, "masked"], ["seqlen", 5], ["inhid", 7]], "int32">>(ys.cast("int32").mask("batch"));
// the shape and dims still show private dims (they are there; ops just cannot name them)
expectType<["batch", "seqlen", "inhid"]>(Y.dims);
expectType<3>(Y.shape.batch);
expectType<5>(Y.shape.seqlen);
// dynamic rank
expectType<Tensor<Shape, "float32">>(anyRank.mask("batch"));

// ---- private dims pass through ops untouched --------------------------------------------------------------------------
expectType<Tensor<[["batch", 3, "masked"], ["inhid", 7]], "float32">>(Y.mean("seqlen"));
expectType<Tensor<[["batch", 3, "masked"], ["seqlen", 5], ["outhid", 4]], "float32">>(Y.dot("inhid", W));
expectType<Tensor<[["batch", 3, "masked"], ["seqlen", 5], ["inhid", 7]], "float32">>(Y.softmax("inhid").add(ys));
expectType<Tensor<[["batch", 3, "masked"], ["seqlen", 5], ["inhid", 7]], "float32">>(ys.add(Y));
expectType<Tensor<[["batch", 3], ["outhid", 4]], "float32">>(Y.dot("inhid", W).sum("seqlen").unmask());
expectType<Tensor<[["outhid", 4]], "float32">>(Y.dot("inhid", W).sum("seqlen").unmask().mean("batch"));

// ---- mistakes ------------------------------------------------------------------------------------------------------------
// naming a private dim
expectError(Y.sum("batch"));
expectError(Y.mean(["batch", "seqlen"]));
expectError(Y.softmax("batch"));
expectError(Y.dot("batch", ys));
expectError(Y.mask("batch"));
// masking an absent name, the same name twice, or a bad name
expectError(ys.mask("time"));
expectError(ys.mask("batch", "batch"));
expectError(ys.mask(""));
expectError(ys.mask("3"));
declare const name: string;
expectError(ys.mask(name));
// private dims still size-check by name
expectError(Y.add(zeros([["batch", 4]])));
expectError(zeros([["batch", 4]]).mul(Y));
