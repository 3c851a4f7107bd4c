// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): convolution and pooling by name.
// The same sentences as the runtime ShapeErrors of src/shape/conv.ts (test/device/conv.test.ts).
import { avgPool, conv, convTranspose, maxPool, zeros } from "../../src/index.js";

const x = zeros([["batch", 2], ["channels", 3], ["height", 5], ["width", 5]]);
const k3 = zeros([["out", 4], ["channels", 3], ["kh", 3], ["kw", 3]]);

// ---- a wrong channel ----------------------------------------------------------------------------------------------------
// @error: the kernel's "channels" must be 3 (the input's channels per group), not 2
conv(x, zeros([["out", 4], ["channels", 2], ["kh", 3], ["kw", 3]]), { channel: "channels", window: { height: "kh", width: "kw" } });
// @error: the kernel's "channels" must be 1 (the input's channels per group), not 3
conv(x, k3, { channel: "channels", window: { height: "kh", width: "kw" }, groups: 3 });
// @error: cannot split "channels" (3) into 2 groups
conv(x, k3, { channel: "channels", window: { height: "kh", width: "kw" }, groups: 2 });
// @error: cannot split "out" (4) into 3 groups
conv(x, zeros([["out", 4], ["channels", 1], ["kh", 3], ["kw", 3]]), { channel: "channels", window: { height: "kh", width: "kw" }, groups: 3 });
// @error: a grouped convolution's kernel needs exactly one output-channel dimension besides the channel and window dimensions, not { out: 4, g: 2 }
conv(x, zeros([["out", 4], ["g", 2], ["channels", 1], ["kh", 3], ["kw", 3]]), { channel: "channels", window: { height: "kh", width: "kw" }, groups: 3 });
// @error: the kernel's "channels" must be 3 (the input's channels per group), not 4
convTranspose(x, zeros([["channels", 4], ["out", 2], ["kh", 3], ["kw", 3]]), { channel: "channels", window: { height: "kh", width: "kw" } });

// ---- names --------------------------------------------------------------------------------------------------------------
// @error: "chans" is not a dimension of { batch: 2, channels: 3, height: 5, width: 5 }
conv(x, k3, { channel: "chans", window: { height: "kh", width: "kw" } });
// @error: "kx" is not a dimension of the kernel { out: 4, channels: 3, kh: 3, kw: 3 }
conv(x, k3, { channel: "channels", window: { height: "kx", width: "kw" } });
// @error: "depth" is not a dimension of { batch: 2, channels: 3, height: 5, width: 5 }
conv(x, k3, { channel: "channels", window: { depth: "kh" } });
// @error: "batch" is already a dimension
conv(x, zeros([["batch", 4], ["channels", 3], ["kh", 3], ["kw", 3]]), { channel: "channels", window: { height: "kh", width: "kw" } });
// @error: "depth" is not a dimension of { batch: 2, channels: 3, height: 5, width: 5 }
avgPool(x, { window: { depth: 2 } });
// @error: "channels" is the contracted channel: it cannot be in the window too
conv(x, k3, { channel: "channels", window: { channels: "kh", width: "kw" } });
// @error: "channels" is the contracted channel: it cannot be in the window too
conv(x, k3, { channel: "channels", window: { height: "channels", width: "kw" } });
// @error: dimension names must be unique: "kh" appears twice
conv(x, k3, { channel: "channels", window: { height: "kh", width: "kh" } });
// @error: dimension names must be unique: "kw" appears twice
convTranspose(x, zeros([["channels", 3], ["out", 2], ["kh", 3], ["kw", 3]]), { channel: "channels", window: { height: "kw", width: "kw" } });

// ---- a window larger than the input ---------------------------------------------------------------------------------------
// @error: the window over "height" spans 7 but "height" is only 5 with its padding
conv(x, zeros([["out", 4], ["channels", 3], ["kh", 7], ["kw", 3]]), { channel: "channels", window: { height: "kh", width: "kw" } });
// @error: the window over "height" spans 7 but "height" is only 5 with its padding
conv(x, k3, { channel: "channels", window: { height: "kh", width: "kw" }, dilation: 3 });
// @error: the window over "height" spans 6 but "height" is only 5 with its padding
maxPool(x, { window: { height: 6 } });
// @error: the transposed convolution leaves "height" with no positions: its padding is larger than its output
convTranspose(x, zeros([["channels", 3], ["out", 2], ["kh", 3], ["kw", 3]]), { channel: "channels", window: { height: "kh", width: "kw" }, padding: 4 });

// ---- bad parameters ------------------------------------------------------------------------------------------------------
// @error: the stride of "height" must be a positive integer, not 0
conv(x, k3, { channel: "channels", window: { height: "kh", width: "kw" }, stride: 0 });
// @error: the padding of "width" must be a non-negative integer, not -1
conv(x, k3, { channel: "channels", window: { height: "kh", width: "kw" }, padding: { width: -1 } });
// @error: the window of "height" must be a positive integer, not 0
maxPool(x, { window: { height: 0 } });
