// Type tests (tsd, against dist/*.d.ts): traced functions. `trace(fn)` has fn's own signature, so a call with an
// argument of other dims, sizes or dtype does not compile; `opt.trace(loss)` gives a step of the loss's
// arguments that resolves to the loss as a number, and takes only a function returning a float32 scalar.
import { expectAssignable, expectError, expectType } from "tsd";
import { type Tensor, type TracedFunction, adam, crossEntropy, randn, trace, variable, zeros } from "../dist/index.js";

type X = Tensor<[["batch", 8], ["feature", 4]]>;
type Y = Tensor<[["batch", 8]], "int32">;
const W = variable(randn([["feature", 4], ["class", 3]], { seed: 0 }));
const x = randn([["batch", 8], ["feature", 4]], { seed: 1 });
const y = zeros([["batch", 8]], { dtype: "int32" });

// ---- trace: the function's own signature --------------------------------------------------------------------------
const infer = trace((t: X) => t.dot("feature", W).relu());
expectType<TracedFunction<[t: X], Tensor<[["batch", 8], ["class", 3]], "float32">>>(infer);
expectAssignable<(t: X) => Tensor<[["batch", 8], ["class", 3]], "float32">>(infer);
expectType<() => void>(infer.dispose);
expectType<Tensor<[["batch", 8], ["class", 3]], "float32">>(infer(x));
const both = trace((a: X, b: X) => ({ sum: a.add(b), parts: [a, b] as const }));
expectType<Tensor<[["batch", 8], ["feature", 4]], "float32">>(both(x, x).sum);
// other sizes, other names, another dtype, a missing argument, a number: not a call of this function
expectError(infer(randn([["batch", 5], ["feature", 4]], { seed: 2 })));
expectError(infer(randn([["batch", 8], ["hidden", 4]], { seed: 2 })));
expectError(infer(zeros([["batch", 8], ["feature", 4]], { dtype: "int32" })));
expectError(infer());
expectError(infer(3));

// ---- opt.trace: a training step of the loss's arguments -----------------------------------------------------------
const opt = adam({ lr: 1e-2 });
const step = opt.trace((a: X, b: Y) => crossEntropy(a.dot("feature", W), b, "class"));
expectAssignable<(a: X, b: Y) => Promise<number>>(step);
expectType<() => void>(step[Symbol.dispose]);
expectType<Promise<number>>(step(x, y));
expectError(step(x, zeros([["batch", 5]], { dtype: "int32" })));
expectError(step(y, x));
// the loss must be a float32 scalar
expectError(opt.trace((a: X) => a.dot("feature", W)));
expectError(opt.trace((a: X) => a.sum(["batch", "feature"]).cast("int32")));
