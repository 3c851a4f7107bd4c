// A sweep of the gradients of the differentiable public API against PyTorch's float64 autograd, an
// implementation independent of the library's rules (src/graph/autodiff-rules.ts) and of its reference
// interpreter: test/fixtures/grad-torch.json (made by scripts/grad-torch-fixtures.py) holds, per case, inputs,
// the output, weights w of the output's dims, the gradients of Σ w·y and, for smooth cases, the Hessian-vector
// products d/dx Σ v·∂(Σ w·y)/∂x. Here each case is the same expression written with named ops; its inputs are
// laid out at random (physically permuted and transposed back, or a strided slice of a larger buffer: a fresh
// layout per seed), w is applied by name so the output's dim order is free, and each device's float32 gradients
// (and second-order products, grad of grad) are compared with torch's. Also: the gradients a traced function
// returns are bit-identical to eager ones, int32 inputs get zero gradients of their own dtype, and on fresh
// random inputs each run the float64 backward graph agrees with central differences of the forward.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { attention, avgPool, concat, contract, conv, convTranspose, crossEntropy, embedding, grad, layerNorm, materializeAll, maxPool, tensor, trace, where } from "../../src/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { evaluate } from "../../src/backend/cpu/reference.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { gradcheck } from "../helpers/gradcheck.js";
import { type Layout, expectClose } from "../helpers/naive.js";
import { rng, testSeed } from "../helpers/random.js";

interface Input {
  readonly dtype: "float32" | "int32";
  readonly dims: [string, number][];
  readonly values: number[];
  /** Where the values were drawn from (float: [lo, hi); int: [lo, hi)); absent for kinks' chosen values. */
  readonly range?: [number, number];
}
interface Case {
  readonly id: string;
  readonly inputs: Input[];
  readonly out: { dims: [string, number][]; values: number[] };
  readonly w: number[];
  readonly grads: number[][];
  readonly v?: number[][];
  readonly hvp?: number[][];
}
const fixture = JSON.parse(readFileSync(new URL("../fixtures/grad-torch.json", import.meta.url), "utf8")) as { cases: Case[] };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the cases are built generically, as in fuzz.test.ts
type T = any;
type Fn = (...xs: T[]) => T;

const unary: Record<string, Fn> = {
  neg: (x) => x.neg(),
  abs: (x) => x.abs(),
  exp: (x) => x.exp(),
  log: (x) => x.log(),
  sqrt: (x) => x.sqrt(),
  rsqrt: (x) => x.rsqrt(),
  tanh: (x) => x.tanh(),
  sigmoid: (x) => x.sigmoid(),
  sin: (x) => x.sin(),
  cos: (x) => x.cos(),
  erf: (x) => x.erf(),
  gelu: (x) => x.gelu(),
  relu: (x) => x.relu(),
  clamp: (x) => x.clamp(-0.7, 0.9),
  pow3: (x) => x.pow(3),
  powNeg1: (x) => x.pow(-1),
  powHalf: (x) => x.pow(0.5),
  square: (x) => x.mul(x),
  sign: (x) => x.sign(),
  floor: (x) => x.floor(),
};
const binary: Record<string, Fn> = {
  add: (x, y) => x.add(y),
  sub: (x, y) => x.sub(y),
  mul: (x, y) => x.mul(y),
  div: (x, y) => x.div(y),
  pow: (x, y) => x.pow(y),
  atan2: (x, y) => x.atan2(y),
  hypot: (x, y) => x.hypot(y),
  maximum: (x, y) => x.maximum(y),
  minimum: (x, y) => x.minimum(y),
};
const reductions: Record<string, (x: T, names: string[]) => T> = {
  sum: (x, n) => x.sum(n),
  mean: (x, n) => x.mean(n),
  max: (x, n) => x.max(n),
  min: (x, n) => x.min(n),
  prod: (x, n) => x.prod(n),
  logsumexp: (x, n) => x.logsumexp(n),
  variance: (x, n) => x.variance(n),
  varianceUnbiased: (x, n) => x.variance(n, { correction: 1 }),
  std: (x, n) => x.std(n),
  stdUnbiased: (x, n) => x.std(n, { correction: 1 }),
};

const CASES: Record<string, Fn> = {
  "binary pow integer exponent negative base": (x) => x.pow(2),
  "where broadcast": (c, x, y) => where(c.ne(0), x, y),
  "add then sum over the broadcast dim": (x, c) => x.add(c).sum("a"),
  "sub of a 0-d operand then sum of all": (x, c) => x.sub(c).sum(["a", "b"]),
  "where of broadcast operands then sum": (m, x, y) => where(m.ne(0), x, y).sum("a"),
  "add over an empty dim then sum": (x, c) => x.add(c).sum("a").mul(c),
  maskedFill: (x, m) => x.maskedFill(m.ne(0), 0.25),
  "chain tanh(x*y)+exp(-x)/y": (x, y) => x.mul(y).tanh().add(x.neg().exp().div(y)),
  "x used twice: x*x + sin(x)": (x) => x.mul(x).add(x.sin()),
  "softmax along b": (x) => x.softmax("b"),
  "logSoftmax along c": (x) => x.logSoftmax("c"),
  "cumsum along b": (x) => x.cumsum("b"),
  "sort along b": (x) => x.sort("b").values,
  "sort descending along c": (x) => x.sort("c", { descending: true }).values,
  "topk 2 along c": (x) => x.topk("c", 2, "best").values,
  "norm sqrt(sum x^2) over b": (x) => x.pow(2).sum("b").sqrt(),
  "dot k with batch b": (x, y) => x.dot("k", y),
  "dot k,b (two contracted)": (x, y) => x.dot(["k", "b"], y),
  "dot vector·vector": (x, y) => x.dot("k", y),
  "dot k, size-1 free dim": (x, y) => x.dot("k", y),
  "contract three": (x, y, z) => contract([x, y, z], ["k", "l"]),
  "x dot x (shared operand)": (x) => x.dot("k", x.rename({ a: "c" })),
  transpose: (x) => x.transpose("c", "a", "b"),
  rename: (x) => x.rename({ a: "z" }),
  "split b=6 into p2,q3": (x) => x.split("b", [["p", 2], ["q", 3]]),
  "stack a,c into m": (x) => x.stack({ m: ["a", "c"] }),
  "stack c,a into m": (x) => x.stack({ m: ["c", "a"] }),
  "concat b": (x, y) => concat([x, y], "b"),
  "pad b [1,2] value 0.5": (x) => x.pad({ b: [1, 2] }, 0.5),
  "pad a [2,0] b [0,1] then exp": (x) => x.pad({ a: [2, 0], b: [0, 1] }).exp(),
  "narrow b 1..4": (x) => x.narrow("b", 1, 3, "nb"),
  "expand e3 then mul": (x, y) => x.expand({ e: 3 }).mul(y),
  "squeeze one": (x) => x.squeeze("one"),
  "unbind a: u0*2 + u1*u2": (x) => {
    const [u0, u1, u2] = x.unbind("a");
    return u0.mul(2).add(u1.mul(u2));
  },
  "get a 1": (x) => x.get("a", 1).pow(2),
  "split then stack swapped (transpose inside a dim)": (x) => x.split("b", [["p", 2], ["q", 3]]).stack({ b: ["q", "p"] }),
  "narrow of a pad": (x) => x.pad({ b: [2, 1] }).narrow("b", 1, 5, "nb").pow(2),
  "pad of a narrow": (x) => x.narrow("b", 2, 3, "nb").pad({ nb: [1, 2] }, -1).exp(),
  "split, transpose, narrow, stack": (x) => x.split("b", [["p", 4], ["q", 3]]).transpose("q", "a", "p").narrow("p", 1, 2, "np").stack({ m: ["np", "q"] }),
  "get of a split, times itself": (x) => {
    const s = x.split("b", [["p", 2], ["q", 3]]);
    return s.get("p", 1).mul(s.get("p", 0));
  },
  "concat of a narrow and a transpose": (x, y) => concat([x.narrow("b", 1, 3, "b2").rename({ b2: "b" }), y.transpose("a", "b")], "b").sin(),
  "expand then stack with the new dim": (x) => x.expand({ e: 2 }).mul(tensor([1, -2], [["e", 2]])).stack({ m: ["a", "e"] }),
  "pad both sides then maxPool": (x) => maxPool(x.pad({ h: [1, 2] }, 0.25), { window: { h: 3 }, stride: 2 } as never),
  "conv of a transposed, narrowed input": (x, k) => conv(x.transpose("n", "c", "h").narrow("h", 1, 7, "nh"), k, { channel: "c", window: { nh: "kh" }, stride: 2 } as never),
  "gather through a transpose and a pad": (x, i) => x.transpose("a", "c").pad({ c: [1, 1] }).gather("c", i),
  "gather c by [a,b] index": (x, i) => x.gather("c", i),
  "gather c by [a,j] index": (x, i) => x.gather("c", i),
  "indexSelect v by [s,t] ids": (x, i) => x.indexSelect("v", i),
  "embedding then tanh": (x, i) => embedding(i, x, "v").tanh(),
  "conv2d stride 2,1 padding 1 dilation 1,2": (x, k) => conv(x, k, { channel: "c", window: { h: "kh", w: "kw" }, stride: { h: 2, w: 1 }, padding: 1, dilation: { h: 1, w: 2 } } as never),
  "conv1d groups 2": (x, k) => conv(x, k, { channel: "c", window: { h: "kh" }, groups: 2 } as never),
  "conv1d depthwise padding [2,0]": (x, k) => conv(x, k, { channel: "c", window: { h: "kh" }, groups: 3, padding: { h: [2, 0] } } as never),
  "convTranspose1d stride 2 padding 1 outputPadding 1": (x, k) => convTranspose(x, k, { channel: "c", window: { h: "kh" }, stride: 2, padding: 1, outputPadding: 1 } as never),
  "convTranspose2d stride 2": (x, k) => convTranspose(x, k, { channel: "c", window: { h: "kh", w: "kw" }, stride: 2 } as never),
  "conv1d stride 3 dilation 2 padding [1,2]": (x, k) => conv(x, k, { channel: "c", window: { h: "kh" }, stride: 3, dilation: 2, padding: { h: [1, 2] } } as never),
  "conv2d same padding stride 2 groups 2": (x, k) => conv(x, k, { channel: "c", window: { h: "kh", w: "kw" }, stride: 2, groups: 2, padding: { h: [1, 1], w: [0, 1] } } as never),
  conv3d: (x, k) => conv(x, k, { channel: "c", window: { d: "kd", h: "kh", w: "kw" }, padding: { d: 1, h: 0, w: 1 } } as never),
  "convTranspose1d groups 2 dilation 2": (x, k) => convTranspose(x, k, { channel: "c", window: { h: "kh" }, stride: 2, groups: 2, dilation: 2, padding: 2 } as never),
  "maxPool1d dilation 2 stride 1": (x) => maxPool(x, { window: { h: 3 }, stride: 1, dilation: 2 } as never),
  "avgPool1d window 4 stride 3 padding 2": (x) => avgPool(x, { window: { h: 4 }, stride: 3, padding: 2 } as never),
  "maxPool2d 3x2 stride 2 padding 1,0": (x) => maxPool(x, { window: { h: 3, w: 2 }, stride: 2, padding: { h: 1, w: 0 } } as never),
  "avgPool2d 3x3 stride 1 padding 1": (x) => avgPool(x, { window: { h: 3, w: 3 }, stride: 1, padding: 1 } as never),
  "avgPool2d countPadding": (x) => avgPool(x, { window: { h: 3, w: 3 }, stride: 2, padding: 1, countPadding: true } as never),
  "layerNorm h with gamma beta": (x, g, b) => layerNorm(x, "h", g, b),
  "layerNorm h without affine": (x) => layerNorm(x, "h"),
  "batchNorm-style: normalise over n,h per c": (x) => x.sub(x.mean(["n", "h"])).div(x.variance(["n", "h"]).add(1e-5).sqrt()),
  "attention heads 2 causal False": (q, k, v) => attention(q, k, v, { hidden: "hid", heads: 2, query: "s", key: "key" } as never),
  "attention heads 2 causal True": (q, k, v) => attention(q, k, v, { hidden: "hid", heads: 2, query: "s", key: "key", causal: true } as never),
  crossEntropy: (x, y) => crossEntropy(x, y, "cls" as never),
  "crossEntropy 2 batch dims, class first": (x, y) => crossEntropy(x, y, "cls" as never),
  "mlp: logSoftmax(tanh(x·W + b)·V)": (x, w, b, v) => x.dot("i", w).add(b).tanh().dot("j", v).logSoftmax("o"),
  "large dot k=40": (x, y) => x.dot("k", y),
  "large batched dot": (x, y) => x.dot("k", y),
  "large softmax along b=37": (x) => x.softmax("b"),
  "large logSoftmax along a=70": (x) => x.logSoftmax("a"),
  "large reductions over 130": (x) => x.sum("b").add(x.max("b").mul(0.5)).sub(x.min("b")).add(x.variance("b")).add(x.logsumexp("b")),
  "large attention causal False": (q, k, v) => attention(q, k, v, { hidden: "hid", heads: 2, query: "s", key: "key" } as never),
  "large attention causal True": (q, k, v) => attention(q, k, v, { hidden: "hid", heads: 2, query: "s", key: "key", causal: true } as never),
  "large conv2d 8 -> 16 channels padding 1": (x, k) => conv(x, k, { channel: "c", window: { h: "kh", w: "kw" }, padding: 1 } as never),
  "large layerNorm h=64": (x, g, b) => layerNorm(x, "h", g, b),
  "large crossEntropy 24 x 37 classes": (x, y) => crossEntropy(x, y, "cls" as never),
  "large maxPool2d 2x2": (x) => maxPool(x, { window: { h: 2, w: 2 } } as never),
  "kink relu at 0": (x) => x.relu(),
  "kink abs at 0": (x) => x.abs(),
  "kink clamp at its bounds": (x) => x.clamp(-0.75, 0.5),
  "kink maximum ties": (x, y) => x.maximum(y),
  "kink minimum ties broadcast": (x, y) => x.minimum(y),
  "kink max reduction ties": (x) => x.max("b"),
  "kink min reduction ties over all": (x) => x.min(["a", "b"]),
  "kink pow at base 0": (x, y) => x.pow(y),
  "kink std of a constant row": (x) => x.mul(tensor([[1, 1, 1, 1], [1, 2, 3, 4], [4, 1, 3, 2]], [["a", 3], ["b", 4]])).std("b"),
  "kink sigmoid saturated": (x) => x.sigmoid(),
  "kink atan2 at the origin": (x, y) => x.atan2(y),
  "extreme softmax, logSoftmax and logsumexp of ±300": (x) => x.softmax("b").add(x.logSoftmax("b").mul(0.01)).add(x.logsumexp("b").mul(0.001)),
  "extreme crossEntropy of ±500": (x, y) => crossEntropy(x, y, "cls" as never),
  "extreme tanh, erf, gelu of ±50": (x) => x.tanh().add(x.erf()).add(x.gelu()),
  "kink round and sign pass nothing": (x) => x.round().add(x.sign()).add(x.ceil()),
};
for (const [name, f] of Object.entries(unary)) CASES[`unary ${name}`] = f;
for (const [name, f] of Object.entries(binary)) {
  CASES[`binary ${name} broadcast`] = f;
  CASES[`binary ${name} scalar-like`] = f;
}
for (const [name, f] of Object.entries(reductions)) {
  CASES[`reduce ${name} over b`] = (x) => f(x, ["b"]);
  CASES[`reduce ${name} over a,c`] = (x) => f(x, ["a", "c"]);
  CASES[`reduce ${name} over all`] = (x) => f(x, ["a", "b"]);
}

const named = (values: ArrayLike<number>, dims: Layout, dtype = "float32"): T => tensor(dtype === "int32" ? Int32Array.from(values) : Float32Array.from(values), dims as never, { dtype } as never);

/** Row-major positions of `dims` permuted as `order` (indices into dims): the same values laid out in that order. */
function permuted(values: ArrayLike<number>, dims: Layout, order: readonly number[]): number[] {
  const sizes = dims.map(([, z]) => z);
  const strides = sizes.map((_, i) => sizes.slice(i + 1).reduce((p, z) => p * z, 1));
  const out: number[] = [];
  const walk = (k: number, offset: number): void => {
    if (k === order.length) {
      out.push(values[offset]!);
      return;
    }
    const d = order[k]!;
    for (let i = 0; i < sizes[d]!; i++) walk(k + 1, offset + i * strides[d]!);
  };
  walk(0, 0);
  return out;
}

/**
 * The input as a tensor with a random layout: contiguous; physically permuted and transposed back to the
 * logical order; or one slice (a strided view at an offset) of a buffer with an extra dim of 2 in the middle.
 */
function build(input: Input, next: () => number): T {
  const dims = input.dims as Layout;
  const choice = Math.floor(next() * 3);
  if (choice === 1 && dims.length >= 2) {
    const order = dims.map((_, i) => i).sort(() => next() - 0.5);
    const t = named(permuted(input.values, dims, order), order.map((i) => dims[i]!), input.dtype);
    return t.transpose(...dims.map(([n]) => n));
  }
  if (choice === 2 && dims.length >= 1) {
    const at = Math.floor(next() * (dims.length + 1));
    const wide: Layout = [...dims.slice(0, at), ["zz_", 2], ...dims.slice(at)];
    const inner = dims.slice(at).reduce((p, [, z]) => p * z, 1);
    const which = next() < 0.5 ? 0 : 1;
    const values: number[] = [];
    for (let o = 0; o < input.values.length / inner; o++)
      for (let s = 0; s < 2; s++) for (let i = 0; i < inner; i++) values.push(s === which ? input.values[o * inner + i]! : 1e6 * (s + 1));
    return named(values, wide, input.dtype).get("zz_", which);
  }
  return named(input.values, dims, input.dtype);
}

const floatsOf = (c: Case): number[] => c.inputs.flatMap((x, i) => (x.dtype === "float32" ? [i] : []));
const loss = (c: Case, f: Fn) => {
  return (...xs: T[]): T => {
    const w = named(c.w, c.out.dims); // on the default device of the call (gradcheck runs f on each device)
    const y = f(...xs);
    const names = c.out.dims.map(([n]) => n);
    const p = y.mul(w);
    return names.length ? p.sum(names) : p;
  };
};
/** Σ_i v_i · ∂loss/∂x_i over the float inputs: its gradient is the Hessian-vector product. */
const secondOrder = (c: Case, f: Fn) => {
  const l = loss(c, f);
  const floats = floatsOf(c);
  const vs = c.v!.map((v, k) => named(v, c.inputs[floats[k]!]!.dims));
  return (...xs: T[]): T => {
    const gs = grad(l as never)(...(xs as never[])) as T[];
    let s: T;
    floats.forEach((i, k) => {
      const dims = c.inputs[i]!.dims.map(([n]) => n);
      const p = gs[i].mul(vs[k]);
      const term = dims.length ? p.sum(dims) : p;
      s = s === undefined ? term : s.add(term);
    });
    return s;
  };
};

/** float32 against float64: relative to each value, and absolutely to the largest gradient of the input. */
function expectGrad(actual: ArrayLike<number>, expected: number[], what: string, rtol = 2e-3): void {
  const scale = Math.max(1, ...expected.map(Math.abs));
  try {
    expectClose(actual, expected, rtol, 2e-4 * scale);
  } catch (e) {
    throw new Error(`${what}: ${(e as Error).message}\n got      ${Array.from(actual, Number).map((v) => v.toPrecision(6)).join(", ")}\n expected ${expected.map((v) => v.toPrecision(6)).join(", ")}`);
  }
}

const cases = fixture.cases;
// On a GPU (lavapipe compiles each new pipeline in about a second), a sample with one case or two per family,
// second order for a few; NT_GRAD_SWEEP=full runs every case everywhere (minutes on lavapipe).
const full = process.env.NT_GRAD_SWEEP === "full";
const GPU_SAMPLE = new Set([
  "unary gelu",
  "unary clamp",
  "binary pow broadcast",
  "binary atan2 scalar-like",
  "where broadcast",
  "maskedFill",
  "x used twice: x*x + sin(x)",
  "reduce max over a,c",
  "reduce prod over b",
  "reduce std over a,c",
  "softmax along b",
  "cumsum along b",
  "sort descending along c",
  "dot k with batch b",
  "contract three",
  "stack c,a into m",
  "concat b",
  "pad a [2,0] b [0,1] then exp",
  "gather c by [a,j] index",
  "indexSelect v by [s,t] ids",
  "conv1d groups 2",
  "convTranspose1d stride 2 padding 1 outputPadding 1",
  "maxPool2d 3x2 stride 2 padding 1,0",
  "avgPool2d 3x3 stride 1 padding 1",
  "layerNorm h with gamma beta",
  "crossEntropy 2 batch dims, class first",
  "kink maximum ties",
  "kink max reduction ties",
  "large softmax along b=37",
  "large dot k=40",
]);
const GPU_SECOND_ORDER = new Set(["unary gelu", "binary pow broadcast", "softmax along b", "reduce std over a,c"]);
const casesOn = (device: string): Case[] => (full || device === "cpu" ? cases : cases.filter((c) => GPU_SAMPLE.has(c.id)));
const secondOrderOn = (device: string, c: Case): boolean => c.hvp !== undefined && (full || device === "cpu" || GPU_SECOND_ORDER.has(c.id));
const timeout = full ? 600_000 : undefined;

describe("the fixture covers every case written here", () => {
  it("and nothing else", () => {
    expect(cases.map((c) => c.id).sort()).toEqual(Object.keys(CASES).sort());
    for (const id of GPU_SAMPLE) expect(CASES[id], id).toBeDefined();
  });
});

describe.each(deviceNames)("gradients against PyTorch float64 on %s", (device) => {
  for (const c of casesOn(device)) {
    it(c.id, async () => {
      await useDevice(device);
      const f = CASES[c.id]!;
      const next = rng(testSeed ^ [...c.id].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, 0));
      const xs = c.inputs.map((x) => build(x, next));
      // the forward value, ordered as torch's
      const y = f(...xs);
      const names = c.out.dims.map(([n]) => n);
      expect(y.shapeDims.map((d: { name: string; size: number }) => [d.name, d.size]).sort()).toEqual([...c.out.dims].sort());
      expectGrad(await (names.length > 1 ? y.transpose(...names) : y).data(), c.out.values, "forward value");
      const gs = grad(loss(c, f) as never)(...(xs as never[])) as T[];
      let k = 0;
      for (const [i, x] of c.inputs.entries()) {
        expect(gs[i].shapeDims).toEqual(xs[i].shapeDims);
        expect(gs[i].dtype).toBe(x.dtype);
        const data = await gs[i].data();
        if (x.dtype === "int32") expect([...data].every((v) => v === 0)).toBe(true);
        else expectGrad(data, c.grads[k++]!, `gradient of argument ${i}`);
      }
      if (secondOrderOn(device, c)) {
        const hs = grad(secondOrder(c, f) as never)(...(xs as never[])) as T[];
        const floats = floatsOf(c);
        for (const [k2, i] of floats.entries()) expectGrad(await hs[i].data(), c.hvp![k2]!, `second order (grad of grad), argument ${i}`, 5e-3);
      }
    }, timeout);
  }
});

describe("gradients on fresh random inputs against float64 central differences", () => {
  // The same expressions on new values each run (the seed printed on failure): the backward graph evaluated in
  // float64 by the reference interpreter against central differences of the forward, each input's values
  // drawn from the fixture's range; on every device of the matrix too (gradcheck compares them in float32).
  const next = rng(testSeed + 3);
  const fresh = cases.filter((c) => c.inputs.every((x) => x.range) && c.inputs.reduce((n, x) => n + x.values.length, 0) <= 160 && !c.id.startsWith("sort") && !c.id.startsWith("topk"));
  for (const c of fresh) {
    it(c.id, async () => {
      await useDevice("cpu"); // the reference interpreter reads CPU buffers (gradcheck moves them to each device)
      const xs = c.inputs.map((x) => {
        const [lo, hi] = x.range!;
        const values = x.values.map(() => (x.dtype === "int32" ? lo + Math.floor((hi - lo) * next()) : Math.fround(lo + (hi - lo) * next())));
        return build({ ...x, values }, next);
      });
      await gradcheck(loss(c, CASES[c.id]!) as never, xs, { rtol: 1e-5, atol: 1e-7, device: deviceNames.length === 1 || GPU_SAMPLE.has(c.id) || full });
    }, timeout);
  }
});

describe.each(deviceNames)("traced gradients on %s", (device) => {
  // A sample across the families: the traced program's gradients are bit-identical to the eager ones.
  const sample = casesOn(device).filter((_, i) => i % (device === "cpu" || full ? 1 : 6) === 0);
  for (const c of sample) {
    it(c.id, async () => {
      await useDevice(device);
      const f = CASES[c.id]!;
      const g = grad(loss(c, f) as never) as (...xs: T[]) => T[];
      const traced = trace((...xs: T[]) => g(...xs).filter((_: T, i: number) => c.inputs[i]!.dtype === "float32"));
      const next = rng(testSeed + 7);
      for (let round = 0; round < 2; round++) {
        const xs = c.inputs.map((x) => build(round === 0 ? x : { ...x, values: x.values.map((v) => (x.dtype === "float32" ? v * (0.5 + next()) : v)) }, next));
        // trace copies a view argument to a dense buffer (documented), so the eager reference runs on dense copies:
        // on the view itself a reduction may sum in another order (vector lanes along a contiguous dim)
        const dense = xs.map((x) => x.contiguous());
        await materializeAll(dense);
        const eager = g(...dense).filter((_: T, i: number) => c.inputs[i]!.dtype === "float32");
        const replay = traced(...xs) as AnyTensor[];
        for (const [i, e] of eager.entries()) expect(await replay[i]!.data(), `${c.id} round ${round} argument ${i}`).toEqual(await e.data());
      }
      traced.dispose();
    }, timeout);
  }
});

describe.each(deviceNames)("gradient regressions on %s", (device) => {
  it("grad of grad through a causal attention: the mask's comparison shared by the logit and a weight is an i32 local (was a WebAssembly compile error)", async () => {
    const next = rng(testSeed + 11);
    const [lq, lk]: [Layout, Layout] = [[["n", 2], ["s", 3], ["hid", 8]], [["n", 2], ["key", 4], ["hid", 8]]];
    const values = [lq, lk, lk, lq, lq, lk, lk].map((l) => ({ l, v: Array.from({ length: l.reduce((p, [, z]) => p * z, 1) }, () => next() * 2 - 1) }));
    const hvp = (): T => {
      const [q, k, v, w, u, uk, uv] = values.map(({ l, v: x }) => named(x, l));
      const f = (a: T, b: T, c: T): T => attention(a, b, c, { hidden: "hid", heads: 2, query: "s", key: "key", causal: true } as never).mul(w).sum(["n", "s", "hid"]);
      const s = (a: T, b: T, c: T): T => {
        const [gq, gk, gv] = grad(f as never)(a, b, c) as T[];
        return gq.mul(u).sum(["n", "s", "hid"]).add(gk.mul(uk).sum(["n", "key", "hid"])).add(gv.mul(uv).sum(["n", "key", "hid"]));
      };
      return (grad(s as never)(q, k, v) as T[])[0];
    };
    // the float64 reference interpreter reads CPU buffers: the same graph built there
    await useDevice("cpu");
    const expected = [...evaluate(hvp().node)];
    await useDevice(device);
    expectGrad(await hvp().data(), expected, "Hessian-vector product of the queries");
  });
});

describe("random expressions against float64 central differences", () => {
  // Random trees over two inputs with dims drawn from {a, b, c}: broadcasting by name, reductions that drop a
  // dim a later operand still has, softmax, expand, transpose; each checked by gradcheck (central differences of
  // the forward in float64, and the devices' float32 gradients against the float64 ones). Products take a tanh
  // so the values stay moderate (the differences' truncation error grows with the third derivative).
  // A fixed stream by default (NT_GRAD_SWEEP=full draws from the run's seed): some trees have gradients near
  // 1e9, where central differences lose their digits.
  const next = rng(full ? testSeed + 5 : 20261125);
  const SIZES: Record<string, number> = { a: 2, b: 3, c: 4 };
  const namesOf = (t: T): string[] => t.shapeDims.map((d: { name: string }) => d.name);
  /** The tree for `seed`, built identically on every call (gradcheck calls the loss once per perturbation). */
  function expression(x: T, y: T, seed: number, depth: number): T {
    const r = rng(seed);
    const choose = <X>(xs: readonly X[]): X => xs[Math.floor(r() * xs.length)]!;
    const tree = (d: number): T => {
      if (d === 0) return choose([x, y]);
      const u = tree(d - 1);
      const names = namesOf(u);
      const ops: ((t: T) => T)[] = [
        (t) => t.tanh(),
        (t) => t.sin(),
        (t) => t.tanh().exp(),
        (t) => t.mul(t).add(1).sqrt(),
        (t) => t.sigmoid(),
        (t) => t.add(tree(d - 1)),
        (t) => t.sub(tree(d - 1)),
        (t) => t.mul(tree(d - 1).tanh()),
        (t) => t.div(tree(d - 1).mul(tree(d - 1)).add(1)),
        (t) => t.maximum(tree(d - 1)),
      ];
      if (names.length) {
        const n = choose(names);
        ops.push((t) => t.sum(n), (t) => t.mean(n), (t) => t.softmax(n), (t) => t.logsumexp(n), (t) => t.max(n), (t) => t.cumsum(n));
        if (names.length > 1) ops.push((t) => t.transpose(...[...names].reverse()));
      }
      const fresh = Object.keys(SIZES).filter((n) => !names.includes(n));
      if (fresh.length) {
        const n = choose(fresh);
        ops.push((t) => t.expand({ [n]: SIZES[n]! }).mul(0.75));
      }
      return choose(ops)(u);
    };
    return tree(depth);
  }
  it("a tree whose softmax statistics feed the values of that softmax's own weighted sum (seed 18, expression 34)", async () => {
    // The online kernel stored the row max and sum as further outputs while a kernel its values need read them:
    // the steps were ordered with that kernel first, reading an output not yet computed (a TypeError in
    // realize.ts). The statistics now get kernels of their own when that happens (passes/plan.ts).
    await useDevice("cpu");
    const [x, y] = [named([Math.fround(next() * 3 - 1.5), Math.fround(next() * 3 - 1.5)], [["a", 2]]), named([Math.fround(next() * 3 - 1.5)], [])];
    const loss = (a: T, b: T): T => {
      const out = expression(a, b, 1422398436, 2);
      const names = namesOf(out);
      return names.length ? out.mul(out).sum(names) : out.mul(out);
    };
    await gradcheck(loss as never, [x, y], { rtol: 1e-4, atol: 1e-6, device: true });
  }, timeout);
  for (let k = 0; k < 48; k++) {
    it(`expression ${k}`, async () => {
      await useDevice("cpu");
      const dimsOf = (): Layout => Object.keys(SIZES).filter(() => next() < 0.6).map((n) => [n, SIZES[n]!] as [string, number]);
      const values = (l: Layout): number[] => Array.from({ length: l.reduce((p, [, z]) => p * z, 1) }, () => Math.fround(next() * 3 - 1.5));
      const [lx, ly] = [dimsOf(), dimsOf()];
      const [x, y] = [named(values(lx), lx), named(values(ly), ly)];
      const [seed, depth] = [Math.floor(next() * 2 ** 31), 2 + Math.floor(next() * 3)];
      const loss = (a: T, b: T): T => {
        const out = expression(a, b, seed, depth);
        const names = namesOf(out);
        return names.length ? out.mul(out).sum(names) : out.mul(out);
      };
      await gradcheck(loss as never, [x, y], { rtol: 1e-4, atol: 1e-6, device: deviceNames.length === 1 || k % 4 === 0 || full });
    }, timeout);
  }
});
