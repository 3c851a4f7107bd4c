// Type tests (tsd, against dist/*.d.ts): convolution and pooling by name. Output sizes are computed in the type
// from literal sizes, `(size + before + after - dilation·(window - 1) - 1) / stride + 1` (`(96 + 2·1 - 3) / 2 + 1
// = 48`); "same" gives ceil(size / stride); the kernel's output dims take the channel's place; a `number` size
// gives `number`; a wrong channel, a missing window dim or a window larger than the input does not compile.
import { expectError, expectType } from "tsd";
import { type Shape, type Tensor, avgPool, conv, convTranspose, maxPool, zeros } from "../dist/index.js";

const x = zeros([["batch", 8], ["channels", 3], ["height", 96], ["width", 96]]);
const k = zeros([["out", 16], ["channels", 3], ["kh", 3], ["kw", 3]]);
const nhwc = zeros([["batch", 8], ["height", 28], ["width", 28], ["channels", 1]]);
const k5 = zeros([["kh", 5], ["kw", 5], ["channels", 1], ["features", 6]]);
const audio = zeros([["channels", 2], ["time", 1000]]);
const kt = zeros([["out", 4], ["channels", 2], ["kt", 9]]);
const vol = zeros([["channels", 4], ["depth", 9], ["height", 10], ["width", 11]]);
const k3d = zeros([["out", 2], ["channels", 4], ["kd", 3], ["kh", 3], ["kw", 3]]);
const dw = zeros([["out", 3], ["channels", 1], ["kh", 3], ["kw", 3]]);
const kT = zeros([["channels", 3], ["out", 5], ["kh", 4], ["kw", 4]]);
declare const n: number;
const xn = zeros([["batch", 8], ["channels", 3], ["height", n], ["width", 96]]);
declare const anyRank: Tensor;

// ---- conv: 2-D, the essay's arithmetic ------------------------------------------------------------------------------
expectType<Tensor<[["batch", 8], ["out", 16], ["height", 48], ["width", 48]], "float32">>(
  conv(x, k, { channel: "channels", window: { height: "kh", width: "kw" }, stride: 2, padding: 1 }),
);
expectType<Tensor<[["batch", 8], ["out", 16], ["height", 94], ["width", 94]], "float32">>(conv(x, k, { channel: "channels", window: { height: "kh", width: "kw" } }));
expectType<Tensor<[["batch", 8], ["out", 16], ["height", 96], ["width", 96]], "float32">>(
  conv(x, k, { channel: "channels", window: { height: "kh", width: "kw" }, padding: "same" }),
);
// same with stride: ceil(96 / 5) = 20
expectType<Tensor<[["batch", 8], ["out", 16], ["height", 20], ["width", 20]], "float32">>(
  conv(x, k, { channel: "channels", window: { height: "kh", width: "kw" }, padding: "same", stride: 5 }),
);
// per-dim stride, dilation and [before, after] padding: height (96 + 0 + 1 - 5) / 2 + 1 = 47, width (96 + 6 - 3) / 1 + 1 = 100
expectType<Tensor<[["batch", 8], ["out", 16], ["height", 47], ["width", 100]], "float32">>(
  conv(x, k, { channel: "channels", window: { height: "kh", width: "kw" }, stride: { height: 2 }, dilation: { height: 2 }, padding: { height: [0, 1], width: 3 } }),
);
// NHWC: the output channels stand where the channel stood
expectType<Tensor<[["batch", 8], ["height", 24], ["width", 24], ["features", 6]], "float32">>(conv(nhwc, k5, { channel: "channels", window: { height: "kh", width: "kw" } }));
// 1-D and 3-D
expectType<Tensor<[["out", 4], ["time", 496]], "float32">>(conv(audio, kt, { channel: "channels", window: { time: "kt" }, stride: 2 }));
expectType<Tensor<[["out", 2], ["depth", 7], ["height", 4], ["width", 11]], "float32">>(
  conv(vol, k3d, { channel: "channels", window: { depth: "kd", height: "kh", width: "kw" }, stride: { height: 2 }, padding: { width: 1 } }),
);
// depthwise: 3 groups of 1 channel
expectType<Tensor<[["batch", 8], ["out", 3], ["height", 96], ["width", 96]], "float32">>(
  conv(x, dw, { channel: "channels", window: { height: "kh", width: "kw" }, groups: 3, padding: 1 }),
);
// a private batch passes through
expectType<Tensor<[["batch", 8, "masked"], ["out", 16], ["height", 96], ["width", 96]], "float32">>(
  conv(x.mask("batch"), k, { channel: "channels", window: { height: "kh", width: "kw" }, padding: "same" }),
);
// a dynamic size stays dynamic; a dynamic rank gives a dynamic shape
expectType<Tensor<[["batch", 8], ["out", 16], ["height", number], ["width", 48]], "float32">>(
  conv(xn, k, { channel: "channels", window: { height: "kh", width: "kw" }, stride: 2, padding: 1 }),
);
expectType<Tensor<Shape, "float32">>(conv(anyRank, k, { channel: "channels", window: { height: "kh" } }));

// ---- convTranspose ----------------------------------------------------------------------------------------------------
// (96 - 1)·2 - 2 + 4 = 192; with stride 1 and no padding (96 - 1) + 4 = 99 (+ 1 output padding)
expectType<Tensor<[["batch", 8], ["out", 5], ["height", 192], ["width", 192]], "float32">>(
  convTranspose(x, kT, { channel: "channels", window: { height: "kh", width: "kw" }, stride: 2, padding: 1 }),
);
expectType<Tensor<[["batch", 8], ["out", 5], ["height", 99], ["width", 100]], "float32">>(
  convTranspose(x, kT, { channel: "channels", window: { height: "kh", width: "kw" }, outputPadding: { width: 1 } }),
);

// ---- pooling --------------------------------------------------------------------------------------------------------------
expectType<Tensor<[["batch", 8], ["height", 14], ["width", 14], ["channels", 1]], "float32">>(maxPool(nhwc, { window: { height: 2, width: 2 } }));
expectType<Tensor<[["batch", 8], ["height", 28], ["width", 28], ["channels", 1]], "float32">>(avgPool(nhwc, { window: { height: 3, width: 3 }, stride: 1, padding: "same" }));
expectType<Tensor<[["channels", 2], ["time", 333]], "float32">>(maxPool(audio, { window: { time: 3 } }));
expectType<Tensor<[["batch", 8], ["channels", 3], ["height", number], ["width", 48]], "float32">>(avgPool(xn, { window: { height: 2, width: 2 } }));

// ---- mistakes -----------------------------------------------------------------------------------------------------------
expectError(conv(x, kt, { channel: "channels", window: { height: "kt" } }));
expectError(conv(x, k, { channel: "chans", window: { height: "kh", width: "kw" } }));
expectError(conv(x, k, { channel: "channels", window: { height: "kx", width: "kw" } }));
expectError(conv(nhwc, zeros([["out", 2], ["channels", 1], ["kh", 30]]), { channel: "channels", window: { height: "kh" } }));
expectError(maxPool(nhwc, { window: { height: 29 } }));
