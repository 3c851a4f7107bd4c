// Runtime suite for src/ops/conv.ts on every device: conv (1-D, 2-D, 3-D; stride, dilation, same/valid/explicit
// padding, groups and depthwise), convTranspose, maxPool and avgPool against float64 loops written here from the
// definitions, on fresh random inputs with odd sizes; gradients of each by central differences (gradcheck); the
// runtime ShapeError sentences; and that bias + relu (and an affine batch norm) fuse into the conv's kernel.
import { beforeAll, describe, expect, it } from "vitest";
import { type Shape, ShapeError, type Tensor, avgPool, conv, convTranspose, explain, kernelStats, maxPool, tensor } from "../../src/index.js";
import {
  channelInWindow,
  duplicate,
  emptyTransposed,
  groupedKernel,
  groupsIndivisible,
  kernelChannels,
  nameTaken,
  notADimension,
  notInKernel,
  padWidth,
  windowParameter,
  windowTooLarge,
} from "../../src/types/errors.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { gradcheck, loose, scalarize } from "../helpers/gradcheck.js";
import { type Layout, expectClose, forEachPosition, offsetOf, sizeOf } from "../helpers/naive.js";
import { randomFloats, rng, testSeed } from "../helpers/random.js";

type F = Tensor<Shape, "float32">;
const f = (values: Float32Array, l: Layout): F => tensor(values, l) as unknown as F;
const rand = (l: Layout): Float32Array => randomFloats(sizeOf(l));

/** One spatial dim as the reference reads it. */
interface Axis {
  readonly name: string;
  readonly window: string;
  readonly stride: number;
  readonly dilation: number;
  readonly before: number;
}

/**
 * y[…, o, p] = Σ_{c in o's group, k} x[…, g·C/G + c, p·s + k·d - before] · w[o, c, k], positions outside x reading
 * 0; with `transposed`, y[…, o, p] = Σ_{c in o's group, k, i: i·s + k·d - before = p} x[…, c, i] · w[c, o mod O/G, k].
 */
function naiveConv(
  x: Float32Array,
  lx: Layout,
  w: Float32Array,
  lw: Layout,
  channel: string,
  out: string,
  axes: readonly Axis[],
  groups: number,
  lout: Layout,
  transposed = false,
): Float64Array {
  const y = new Float64Array(sizeOf(lout));
  const size = (l: Layout, n: string): number => l.find(([m]) => m === n)![1];
  const perGroup = size(lx, channel) / groups;
  const outPer = transposed ? size(lw, out) : size(lw, out) / groups;
  const windowLayout: Layout = axes.map((a) => [a.window, size(lw, a.window)]);
  forEachPosition(lout, (at, flat) => {
    const g = Math.floor(at[out]! / outPer);
    let acc = 0;
    for (let c = 0; c < perGroup; c++) {
      forEachPosition(windowLayout, (k) => {
        const xat: Record<string, number> = { ...at, [channel]: g * perGroup + c };
        for (const a of axes) {
          const p = at[a.name]!;
          let i: number;
          if (!transposed) i = p * a.stride + k[a.window]! * a.dilation - a.before;
          else {
            const n = p + a.before - k[a.window]! * a.dilation;
            if (n % a.stride !== 0) return;
            i = n / a.stride;
          }
          if (i < 0 || i >= size(lx, a.name)) return;
          xat[a.name] = i;
        }
        const wat = transposed ? { ...k, [channel]: g * perGroup + c, [out]: at[out]! % outPer } : { ...k, [channel]: c, [out]: at[out]! };
        acc += x[offsetOf(lx, xat)]! * w[offsetOf(lw, wat)]!;
      });
    }
    y[flat] = acc;
  });
  return y;
}

/** Max or mean over each window; padded positions are left out (the mean divides by the in-bounds count). */
function naivePool(x: Float32Array, lx: Layout, axes: readonly (Axis & { size: number })[], lout: Layout, mean: boolean): Float64Array {
  const y = new Float64Array(sizeOf(lout));
  const windowLayout: Layout = axes.map((a) => [a.window, a.size]);
  forEachPosition(lout, (at, flat) => {
    let acc = mean ? 0 : -Infinity;
    let count = 0;
    forEachPosition(windowLayout, (k) => {
      const xat: Record<string, number> = { ...at };
      for (const a of axes) {
        const i = at[a.name]! * a.stride + k[a.window]! * a.dilation - a.before;
        if (i < 0 || i >= lx.find(([m]) => m === a.name)![1]) return;
        xat[a.name] = i;
      }
      const v = x[offsetOf(lx, xat)]!;
      acc = mean ? acc + v : Math.max(acc, v);
      count++;
    });
    y[flat] = mean ? acc / count : acc;
  });
  return y;
}

const convTol = (k: number): [number, number] => [1e-5, 2e-6 * k];

describe.each(deviceNames)("convolution on %s", (device) => {
  beforeAll(() => useDevice(device));

  it("2-D conv, NCHW, stride 2 and padding 1: (9 + 2 - 3) / 2 + 1 = 5", async () => {
    const lx: Layout = [["batch", 2], ["channels", 3], ["height", 9], ["width", 7]];
    const lw: Layout = [["out", 5], ["channels", 3], ["kh", 3], ["kw", 3]];
    const [x, w] = [rand(lx), rand(lw)];
    const y = conv(f(x, lx), f(w, lw), { channel: "channels", window: { height: "kh", width: "kw" }, stride: 2, padding: 1 });
    expect(y.dims).toEqual(["batch", "out", "height", "width"]);
    expect(y.shape).toEqual({ batch: 2, out: 5, height: 5, width: 4 });
    const axes = [
      { name: "height", window: "kh", stride: 2, dilation: 1, before: 1 },
      { name: "width", window: "kw", stride: 2, dilation: 1, before: 1 },
    ];
    const lout: Layout = [["batch", 2], ["out", 5], ["height", 5], ["width", 4]];
    expectClose(await y.data(), naiveConv(x, lx, w, lw, "channels", "out", axes, 1, lout), ...convTol(27));
  });

  it("2-D conv, NHWC, valid padding, dilation 2, the kernel's dims in another order", async () => {
    const lx: Layout = [["batch", 3], ["height", 11], ["width", 8], ["channels", 4]];
    const lw: Layout = [["kh", 3], ["kw", 2], ["channels", 4], ["out", 6]];
    const [x, w] = [rand(lx), rand(lw)];
    const y = conv(f(x, lx), f(w, lw), { channel: "channels", window: { height: "kh", width: "kw" }, dilation: 2 });
    // height: 11 - 2·2 = 7, width: 8 - 2·1 = 6
    expect(y.shape).toEqual({ batch: 3, height: 7, width: 6, out: 6 });
    expect(y.dims).toEqual(["batch", "height", "width", "out"]);
    const axes = [
      { name: "height", window: "kh", stride: 1, dilation: 2, before: 0 },
      { name: "width", window: "kw", stride: 1, dilation: 2, before: 0 },
    ];
    expectClose(await y.data(), naiveConv(x, lx, w, lw, "channels", "out", axes, 1, [["batch", 3], ["height", 7], ["width", 6], ["out", 6]]), ...convTol(24));
  });

  it.each([
    [13, 1, 3],
    [13, 2, 3],
    [14, 3, 4],
    [5, 2, 5],
  ])("1-D conv with padding \"same\" (size %i, stride %i, window %i): out = ceil(size / stride)", async (n, s, k) => {
    const lx: Layout = [["channels", 3], ["time", n]];
    const lw: Layout = [["out", 2], ["channels", 3], ["kt", k]];
    const [x, w] = [rand(lx), rand(lw)];
    const y = conv(f(x, lx), f(w, lw), { channel: "channels", window: { time: "kt" }, stride: s, padding: "same" });
    const out = Math.ceil(n / s);
    expect(y.shape).toEqual({ out: 2, time: out });
    const total = Math.max(0, (out - 1) * s + k - n);
    const axes = [{ name: "time", window: "kt", stride: s, dilation: 1, before: Math.floor(total / 2) }];
    expectClose(await y.data(), naiveConv(x, lx, w, lw, "channels", "out", axes, 1, [["out", 2], ["time", out]]), ...convTol(3 * k));
  });

  it("3-D conv with explicit [before, after] padding and per-dim strides", async () => {
    const lx: Layout = [["batch", 2], ["channels", 2], ["depth", 5], ["height", 6], ["width", 7]];
    const lw: Layout = [["out", 3], ["channels", 2], ["kd", 2], ["kh", 3], ["kw", 3]];
    const [x, w] = [rand(lx), rand(lw)];
    const y = conv(f(x, lx), f(w, lw), {
      channel: "channels",
      window: { depth: "kd", height: "kh", width: "kw" },
      stride: { depth: 1, height: 2, width: 3 },
      padding: { depth: [1, 0], height: [0, 2], width: 1 },
    });
    // depth: (5 + 1 - 2) / 1 + 1 = 5; height: (6 + 2 - 3) / 2 + 1 = 3; width: (7 + 2 - 3) / 3 + 1 = 3
    expect(y.shape).toEqual({ batch: 2, out: 3, depth: 5, height: 3, width: 3 });
    const axes = [
      { name: "depth", window: "kd", stride: 1, dilation: 1, before: 1 },
      { name: "height", window: "kh", stride: 2, dilation: 1, before: 0 },
      { name: "width", window: "kw", stride: 3, dilation: 1, before: 1 },
    ];
    const lout: Layout = [["batch", 2], ["out", 3], ["depth", 5], ["height", 3], ["width", 3]];
    expectClose(await y.data(), naiveConv(x, lx, w, lw, "channels", "out", axes, 1, lout), ...convTol(36));
  });

  it("grouped conv (2 groups) and depthwise conv (groups = channels, a channel multiplier of 2)", async () => {
    const lx: Layout = [["batch", 2], ["channels", 6], ["height", 7], ["width", 5]];
    const lw: Layout = [["out", 4], ["channels", 3], ["kh", 3], ["kw", 3]];
    const [x, w] = [rand(lx), rand(lw)];
    const y = conv(f(x, lx), f(w, lw), { channel: "channels", window: { height: "kh", width: "kw" }, groups: 2, padding: 1 });
    expect(y.shape).toEqual({ batch: 2, out: 4, height: 7, width: 5 });
    const axes = [
      { name: "height", window: "kh", stride: 1, dilation: 1, before: 1 },
      { name: "width", window: "kw", stride: 1, dilation: 1, before: 1 },
    ];
    expectClose(await y.data(), naiveConv(x, lx, w, lw, "channels", "out", axes, 2, [["batch", 2], ["out", 4], ["height", 7], ["width", 5]]), ...convTol(27));
    const ld: Layout = [["out", 12], ["channels", 1], ["kh", 3], ["kw", 3]];
    const d = rand(ld);
    const z = conv(f(x, lx), f(d, ld), { channel: "channels", window: { height: "kh", width: "kw" }, groups: 6, stride: 2, padding: "same" });
    expect(z.shape).toEqual({ batch: 2, out: 12, height: 4, width: 3 });
    const strided = axes.map((a) => ({ ...a, stride: 2 }));
    expectClose(await z.data(), naiveConv(x, lx, d, ld, "channels", "out", strided, 6, [["batch", 2], ["out", 12], ["height", 4], ["width", 3]]), ...convTol(9));
  });

  it.each([
    [1, 0, 0, 1],
    [2, 1, 0, 1],
    [3, 1, 1, 1],
    [2, 0, 1, 2],
  ])("transposed conv is conv's adjoint (stride %i, padding %i, output padding %i, groups %i)", async (s, p, extra, groups) => {
    const lx: Layout = [["batch", 2], ["channels", 4], ["height", 5], ["width", 3]];
    const lw: Layout = [["channels", 4], ["out", 3], ["kh", 3], ["kw", 2]];
    const [x, w] = [rand(lx), rand(lw)];
    const y = convTranspose(f(x, lx), f(w, lw), { channel: "channels", window: { height: "kh", width: "kw" }, stride: s, padding: p, outputPadding: extra, groups });
    const oh = (5 - 1) * s - 2 * p + 3 + extra;
    const ow = (3 - 1) * s - 2 * p + 2 + extra;
    expect(y.shape).toEqual({ batch: 2, out: 3 * groups, height: oh, width: ow });
    const axes = [
      { name: "height", window: "kh", stride: s, dilation: 1, before: p },
      { name: "width", window: "kw", stride: s, dilation: 1, before: p },
    ];
    const lout: Layout = [["batch", 2], ["out", 3 * groups], ["height", oh], ["width", ow]];
    expectClose(await y.data(), naiveConv(x, lx, w, lw, "channels", "out", axes, groups, lout, true), ...convTol(24));
  });

  it(`strided transposed convs: random strides 2–4 per dim, kernels smaller and larger than the stride, paddings, output paddings, groups (seed ${testSeed})`, async () => {
    const next = rng(testSeed + 17);
    const int = (lo: number, hi: number): number => lo + Math.floor(next() * (hi - lo + 1));
    for (let trial = 0; trial < 12; trial++) {
      const twoD = trial % 3 !== 0;
      const groups = int(1, 2);
      const names = twoD ? ["height", "width"] : ["height"];
      const windows = twoD ? ["kh", "kw"] : ["kh"];
      const sizes = names.map(() => int(2, 6));
      const strides = names.map(() => int(2, 4));
      const ks = names.map(() => int(1, 5));
      const pads = ks.map((k) => int(0, Math.floor((k - 1) / 2)));
      const extras = strides.map((st) => int(0, st - 1));
      const lx: Layout = [["batch", 2], ["channels", 2 * groups], ...names.map((n, i) => [n, sizes[i]!] as const)];
      const lw: Layout = [["channels", 2 * groups], ["out", 3], ...windows.map((n, i) => [n, ks[i]!] as const)];
      const [x, w] = [rand(lx), rand(lw)];
      const per = <T,>(vs: T[]): Record<string, T> => Object.fromEntries(names.map((n, i) => [n, vs[i]!]));
      const y = convTranspose(f(x, lx), f(w, lw), { channel: "channels", window: per(windows), stride: per(strides), padding: per(pads), outputPadding: per(extras), groups } as never) as F;
      const outs = names.map((_, i) => (sizes[i]! - 1) * strides[i]! - 2 * pads[i]! + ks[i]! + extras[i]!);
      const lout: Layout = [["batch", 2], ["out", 3 * groups], ...names.map((n, i) => [n, outs[i]!] as const)];
      const axes = names.map((n, i) => ({ name: n, window: windows[i]!, stride: strides[i]!, dilation: 1, before: pads[i]! }));
      const config = `strides ${strides}, kernels ${ks}, pads ${pads}, output padding ${extras}, groups ${groups}, sizes ${sizes}`;
      expect(y.shape, config).toEqual(Object.fromEntries(lout));
      expectClose(await y.relu().data(), naiveConv(x, lx, w, lw, "channels", "out", axes, groups, lout, true).map((v) => Math.max(v, 0)), ...convTol(30));
    }
  });

  it("maxPool and avgPool: 2×2 windows, and 3×3 windows with stride 1 and same padding (padding left out of the mean)", async () => {
    const lx: Layout = [["batch", 2], ["channels", 3], ["height", 9], ["width", 6]];
    const x = rand(lx);
    const m = maxPool(f(x, lx), { window: { height: 2, width: 2 } });
    expect(m.shape).toEqual({ batch: 2, channels: 3, height: 4, width: 3 });
    const half = [
      { name: "height", window: "a", stride: 2, dilation: 1, before: 0, size: 2 },
      { name: "width", window: "b", stride: 2, dilation: 1, before: 0, size: 2 },
    ];
    const l2: Layout = [["batch", 2], ["channels", 3], ["height", 4], ["width", 3]];
    expectClose(await m.data(), naivePool(x, lx, half, l2, false), 0, 0);
    expectClose(await avgPool(f(x, lx), { window: { height: 2, width: 2 } }).data(), naivePool(x, lx, half, l2, true), 1e-6, 1e-6);
    const same = [
      { name: "height", window: "a", stride: 1, dilation: 1, before: 1, size: 3 },
      { name: "width", window: "b", stride: 1, dilation: 1, before: 1, size: 3 },
    ];
    const options = { window: { height: 3, width: 3 }, stride: 1, padding: "same" } as const;
    expectClose(await maxPool(f(x, lx), options).data(), naivePool(x, lx, same, lx, false), 0, 0);
    expectClose(await avgPool(f(x, lx), options).data(), naivePool(x, lx, same, lx, true), 1e-6, 1e-6);
    // countPadding: the mean over all 9 positions, padded ones reading 0.
    const all = await avgPool(f(x, lx), { ...options, countPadding: true }).data();
    const sums = naivePool(x, lx, same, lx, true);
    const corner = offsetOf(lx, { batch: 0, channels: 0, height: 0, width: 0 });
    expect(all[corner]).toBeCloseTo((sums[corner]! * 4) / 9, 5);
  });

  it("a private (masked) batch dim passes through conv and pooling untouched and stays private", async () => {
    const lx: Layout = [["batch", 3], ["channels", 2], ["time", 9]];
    const lw: Layout = [["out", 4], ["channels", 2], ["kt", 3]];
    const [x, w] = [rand(lx), rand(lw)];
    const y = loose(conv)(loose(f(x, lx)).mask("batch"), f(w, lw), { channel: "channels", window: { time: "kt" }, padding: "same" });
    expect(y.toString()).toContain("batch (private): 3");
    expect(() => loose(conv)(loose(f(x, lx)).mask("channels"), f(w, lw), { channel: "channels", window: { time: "kt" } })).toThrow('"channels" is private (masked)');
    const axes = [{ name: "time", window: "kt", stride: 1, dilation: 1, before: 1 }];
    expectClose(await y.unmask().data(), naiveConv(x, lx, w, lw, "channels", "out", axes, 1, [["batch", 3], ["out", 4], ["time", 9]]), ...convTol(6));
    expect(loose(maxPool)(y, { window: { time: 3 } }).toString()).toContain("batch (private): 3");
  });

  it("1-D max pool with dilation and stride 2 over a dim in the middle", async () => {
    const lx: Layout = [["batch", 3], ["time", 17], ["channels", 2]];
    const x = rand(lx);
    const y = maxPool(f(x, lx), { window: { time: 3 }, stride: 2, dilation: 2 });
    // (17 - 5) / 2 + 1 = 7
    expect(y.shape).toEqual({ batch: 3, time: 7, channels: 2 });
    const axes = [{ name: "time", window: "t", stride: 2, dilation: 2, before: 0, size: 3 }];
    expectClose(await y.data(), naivePool(x, lx, axes, [["batch", 3], ["time", 7], ["channels", 2]], false), 0, 0);
  });

  it.each([
    ["valid", 0, 1],
    ["1", 1, 2],
  ])("bias + relu and an affine batch norm after a conv fuse into its kernel (padding %s: %i launches)", async (_, pad, launches) => {
    // With padding the input is first written padded (one small kernel), so the contraction reads plain strides.
    const lx: Layout = [["batch", 2], ["channels", 3], ["height", 8], ["width", 8]];
    const lw: Layout = [["out", 4], ["channels", 3], ["kh", 3], ["kw", 3]];
    const [x, w, b, scale, shift] = [rand(lx), rand(lw), rand([["out", 4]]), rand([["out", 4]]), rand([["out", 4]])];
    const xs = f(x, lx);
    const ws = f(w, lw);
    await xs.data();
    await ws.data();
    const y = conv(xs, ws, { channel: "channels", window: { height: "kh", width: "kw" }, padding: pad });
    const fused = loose(y).add(f(b, [["out", 4]])).relu().mul(f(scale, [["out", 4]])).add(f(shift, [["out", 4]]));
    const kernels = (t: unknown): string => explain(t as F, { code: false }).split("\n")[0]!;
    expect(kernels(y)).toMatch(new RegExp(`: ${launches} kernels?$`));
    expect(kernels(fused)).toMatch(new RegExp(`: ${launches} kernels?$`));
    const before = kernelStats().launches;
    const got = await fused.data();
    expect(kernelStats().launches - before).toBe(launches);
    const size = 8 + 2 * pad - 2;
    const base = naiveConv(x, lx, w, lw, "channels", "out", [
      { name: "height", window: "kh", stride: 1, dilation: 1, before: pad },
      { name: "width", window: "kw", stride: 1, dilation: 1, before: pad },
    ], 1, [["batch", 2], ["out", 4], ["height", size], ["width", size]]);
    const want = base.map((v, i) => {
      const o = Math.floor(i / (size * size)) % 4;
      return Math.max(0, v + b[o]!) * scale[o]! + shift[o]!;
    });
    expectClose(got, want, ...convTol(27 * 4));
  });

  it("a depthwise conv with bias + relu: the padded input, then one kernel (the group is read by output channel, no group dim)", async () => {
    const lx: Layout = [["batch", 1], ["height", 7], ["width", 9], ["channels", 5]];
    const lw: Layout = [["kh", 3], ["kw", 3], ["channels", 1], ["out", 5]];
    const [x, w, b] = [rand(lx), rand(lw), rand([["out", 5]])];
    const xs = f(x, lx);
    const ws = f(w, lw);
    await xs.data();
    await ws.data();
    const y = loose(conv(xs, ws, { channel: "channels", window: { height: "kh", width: "kw" }, padding: "same", groups: 5 })).add(f(b, [["out", 5]])).relu();
    expect(explain(y, { code: false }).split("\n")[0]).toMatch(/: 2 kernels$/);
    const axes = [
      { name: "height", window: "kh", stride: 1, dilation: 1, before: 1 },
      { name: "width", window: "kw", stride: 1, dilation: 1, before: 1 },
    ];
    const base = naiveConv(x, lx, w, lw, "channels", "out", axes, 5, [["batch", 1], ["height", 7], ["width", 9], ["out", 5]]);
    expectClose(await y.data(), base.map((v, i) => Math.max(0, v + b[i % 5]!)), ...convTol(9));
  });
});

describe("convolution gradients (central differences in float64, and every device in float32)", () => {
  beforeAll(() => useDevice("cpu"));

  it("conv with stride, padding and dilation: both the input and the kernel", async () => {
    const x = loose(f(rand([["batch", 2], ["channels", 2], ["height", 6], ["width", 5]]), [["batch", 2], ["channels", 2], ["height", 6], ["width", 5]]));
    const w = loose(f(rand([["out", 3], ["channels", 2], ["kh", 3], ["kw", 2]]), [["out", 3], ["channels", 2], ["kh", 3], ["kw", 2]]));
    const spec = { channel: "channels", window: { height: "kh", width: "kw" }, stride: { height: 2, width: 1 }, padding: { height: 1, width: [0, 1] }, dilation: { width: 2 } };
    await gradcheck((a, k) => scalarize(loose(conv)(a, k, spec)), [x, w]);
  });

  it("grouped conv and transposed conv", async () => {
    const x = loose(f(rand([["channels", 4], ["time", 7]]), [["channels", 4], ["time", 7]]));
    const w = loose(f(rand([["out", 4], ["channels", 2], ["kt", 3]]), [["out", 4], ["channels", 2], ["kt", 3]]));
    await gradcheck((a, k) => scalarize(loose(conv)(a, k, { channel: "channels", window: { time: "kt" }, groups: 2, stride: 2, padding: "same" })), [x, w]);
    const wt = loose(f(rand([["channels", 4], ["out", 3], ["kt", 3]]), [["channels", 4], ["out", 3], ["kt", 3]]));
    await gradcheck((a, k) => scalarize(loose(convTranspose)(a, k, { channel: "channels", window: { time: "kt" }, stride: 2, padding: 1, outputPadding: 1 })), [x, wt]);
  });

  it("maxPool and avgPool with overlapping, padded windows", async () => {
    const x = loose(f(rand([["channels", 2], ["height", 5], ["width", 6]]), [["channels", 2], ["height", 5], ["width", 6]]));
    await gradcheck((a) => scalarize(loose(maxPool)(a, { window: { height: 3, width: 2 }, stride: { height: 2, width: 1 }, padding: 1 })), [x]);
    await gradcheck((a) => scalarize(loose(avgPool)(a, { window: { height: 3, width: 3 }, stride: 2, padding: "same" })), [x]);
  });
});

describe("convolution shape errors (the sentences of the type errors)", () => {
  const x = f(rand([["batch", 2], ["channels", 3], ["height", 5], ["width", 5]]), [["batch", 2], ["channels", 3], ["height", 5], ["width", 5]]);
  const kernel = (l: Layout): F => f(rand(l), l);
  const k3 = kernel([["out", 4], ["channels", 3], ["kh", 3], ["kw", 3]]);
  const expectShapeError = (fn: () => unknown, sentence: string): void => {
    expect(fn).toThrow(ShapeError);
    expect(fn).toThrow(sentence);
  };
  const c = loose(conv);

  it("wrong channel, absent names, window too large, bad parameters", () => {
    expectShapeError(() => c(x, kernel([["out", 4], ["channels", 2], ["kh", 3], ["kw", 3]]), { channel: "channels", window: { height: "kh", width: "kw" } }), kernelChannels("channels", 3, 2));
    expectShapeError(() => c(x, k3, { channel: "chans", window: { height: "kh", width: "kw" } }), notADimension("chans", "{ batch: 2, channels: 3, height: 5, width: 5 }"));
    expectShapeError(() => c(x, k3, { channel: "channels", window: { height: "kx", width: "kw" } }), notInKernel("kx", "{ out: 4, channels: 3, kh: 3, kw: 3 }"));
    expectShapeError(() => c(x, kernel([["out", 4], ["channels", 3], ["kh", 7], ["kw", 3]]), { channel: "channels", window: { height: "kh", width: "kw" } }), windowTooLarge("height", 7, 5));
    expectShapeError(() => c(x, k3, { channel: "channels", window: { height: "kh", width: "kw" }, dilation: 3 }), windowTooLarge("height", 7, 5));
    expectShapeError(() => c(x, k3, { channel: "channels", window: { height: "kh", width: "kw" }, stride: 0 }), windowParameter("stride", "height", "0"));
    expectShapeError(() => c(x, k3, { channel: "channels", window: { height: "kh", width: "kw" }, padding: { width: -1 } }), padWidth("width", "-1"));
    expectShapeError(() => c(x, kernel([["batch", 4], ["channels", 3], ["kh", 3], ["kw", 3]]), { channel: "channels", window: { height: "kh", width: "kw" } }), nameTaken("batch"));
    expectShapeError(() => c(x, k3, { channel: "channels", window: { height: "kh", width: "kw" }, groups: 2 }), groupsIndivisible("channels", 3, 2));
    expectShapeError(() => c(x, kernel([["out", 4], ["channels", 1], ["kh", 3], ["kw", 3]]), { channel: "channels", window: { height: "kh", width: "kw" }, groups: 3 }), groupsIndivisible("out", 4, 3));
    expectShapeError(() => c(x, kernel([["out", 4], ["g", 2], ["channels", 1], ["kh", 3], ["kw", 3]]), { channel: "channels", window: { height: "kh", width: "kw" }, groups: 3 }), groupedKernel("{ out: 4, g: 2 }"));
    expectShapeError(() => loose(convTranspose)(x, kernel([["channels", 3], ["out", 2], ["kh", 3], ["kw", 3]]), { channel: "channels", window: { height: "kh", width: "kw" }, padding: 4 }), emptyTransposed("height"));
    expectShapeError(() => loose(maxPool)(x, { window: { height: 6 } }), windowTooLarge("height", 6, 5));
    expectShapeError(() => loose(avgPool)(x, { window: { depth: 2 } }), notADimension("depth", "{ batch: 2, channels: 3, height: 5, width: 5 }"));
  });

  it("the channel in the window, or one window dim for two spatial dims", () => {
    expectShapeError(() => c(x, k3, { channel: "channels", window: { channels: "kh", width: "kw" } }), channelInWindow("channels"));
    expectShapeError(() => c(x, k3, { channel: "channels", window: { height: "channels", width: "kw" } }), channelInWindow("channels"));
    expectShapeError(() => c(x, k3, { channel: "channels", window: { height: "kh", width: "kh" } }), duplicate("kh"));
    expectShapeError(() => loose(convTranspose)(x, k3, { channel: "channels", window: { height: "kw", width: "kw" } }), duplicate("kw"));
  });
});
