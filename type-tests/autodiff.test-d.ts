// Type tests (tsd, against dist/*.d.ts): differentiation and tensor kinds. A gradient has exactly its tensor's
// type (names, sizes, order, private flags, dtype), for positional arguments, objects and arrays of them, and
// the variables a loss reads; the function must return a float32 scalar; an update (assign, feed, an
// optimizer's gradient) must have exactly its target's type.
import { expectAssignable, expectError, expectType } from "tsd";
import {
  type DType,
  type Persistent,
  type Placeholder,
  type Shape,
  type Tensor,
  type Variable,
  adam,
  constant,
  grad,
  persistent,
  placeholder,
  randn,
  sgd,
  tensor,
  valueAndGrad,
  variable,
  variablesOf,
  zeros,
} from "../dist/index.js";

const W = variable(randn([["inhid", 7], ["outhid", 5]], { seed: 0 }));
const b = variable(zeros([["outhid", 5]]));
const x = randn([["batch", 3], ["inhid", 7]], { seed: 1 });
const labels = zeros([["batch", 3]], { dtype: "int32" });

// ---- kinds ----------------------------------------------------------------------------------------------------------
expectType<Variable<[["inhid", 7], ["outhid", 5]], "float32">>(W);
expectAssignable<Tensor<[["inhid", 7], ["outhid", 5]], "float32">>(W);
expectType<Persistent<[["outhid", 5]], "float32">>(persistent(zeros([["outhid", 5]])));
expectType<Placeholder<[["batch", 3], ["seq", 4]], "int32">>(placeholder([["batch", 3], ["seq", 4]], "int32"));
expectType<Placeholder<[["batch", 3]], "float32">>(placeholder([["batch", 3]]));
expectType<Tensor<[], "float32">>(constant(0.5));
expectType<Tensor<[["batch", 3], ["inhid", 7]], "float32">>(constant(x));
expectType<Variable<[["inhid", 7], ["outhid", 5]], "float32">>(W.assign(W.mul(0.5)));
expectType<Variable<Shape, DType>[]>(variablesOf(x.dot("inhid", W).sum(["batch", "outhid"])));

// ---- gradients have their tensor's type ------------------------------------------------------------------------------
const loss = (w: typeof W, bias: typeof b) => x.dot("inhid", w).add(bias).tanh().sum(["batch", "outhid"]);
expectType<[Tensor<[["inhid", 7], ["outhid", 5]], "float32">, Tensor<[["outhid", 5]], "float32">]>(grad(loss)(W, b));
const xm = x.mask("batch");
expectType<[Tensor<[["batch", 3, "masked"], ["inhid", 7]], "float32">]>(grad((t: typeof xm) => t.unmask().sum(["batch", "inhid"]))(xm));
// An int32 argument gets a (zero) gradient of its own type.
expectType<[Tensor<[["batch", 3], ["inhid", 7]], "float32">, Tensor<[["batch", 3]], "int32">]>(
  grad((t: typeof x, y: typeof labels) => t.sum("inhid").mul(y).sum("batch"))(x, labels),
);
// Objects and arrays of tensors: the same structure; other leaves give undefined.
const params = { w: W, layers: [b] as const, scale: 2 };
const [gp] = grad((p: typeof params) => x.dot("inhid", p.w).add(p.layers[0]).mul(p.scale).sum(["batch", "outhid"]))(params);
expectType<Tensor<[["inhid", 7], ["outhid", 5]], "float32">>(gp.w);
expectType<Tensor<[["outhid", 5]], "float32">>(gp.layers[0]);
expectType<undefined>(gp.scale);

// ---- valueAndGrad: the value, the arguments' gradients, and the variables' ----------------------------------------------
const r = valueAndGrad(() => x.dot("inhid", W).add(b).sum(["batch", "outhid"]))();
expectType<Tensor<[], "float32">>(r.value);
expectType<[]>(r.grads);
expectType<Tensor<[["inhid", 7], ["outhid", 5]], "float32">>(r.variables.get(W));
expectType<Tensor<[["outhid", 5]], "float32">>(r.variables.get(b));
expectType<Tensor<[["batch", 3], ["inhid", 7]], "float32">>(valueAndGrad((t: typeof x) => t.sum(["batch", "inhid"]))(x).grads[0]);

// ---- mistakes ---------------------------------------------------------------------------------------------------------
expectError(grad((w: typeof W) => x.dot("inhid", w)));
expectError(grad(() => x.sum(["batch", "inhid"]).cast("int32")));
expectError(valueAndGrad(() => 3));
expectError(W.assign(W.transpose("outhid", "inhid")));
expectError(W.assign(zeros([["inhid", 7], ["outhid", 4]])));
expectError(b.assign(zeros([["outhid", 5]], { dtype: "int32" })));
expectError(placeholder([["batch", 3]], "int32").feed(zeros([["batch", 3]])));
const opt = adam({ lr: 0.01 });
opt.update(W, r.variables.get(W));
expectError(opt.update(W, r.variables.get(b)));
expectError(sgd({ lr: 0.1 }).update(b, tensor([1, 2, 3, 4, 5], [["outhid", 5]], { dtype: "int32" })));
expectType<Promise<number>>(opt.step(() => x.dot("inhid", W).sum(["batch", "outhid"])));
expectError(opt.step(() => x.dot("inhid", W)));
