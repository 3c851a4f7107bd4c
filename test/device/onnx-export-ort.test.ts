// Named-tensor programs exported with toOnnx and run three ways on the same fresh random inputs: by the library,
// by onnxruntime-node on the exported model, and by the library again on the model read back with fromOnnx. The
// programs are composites (attention with a mask, embeddings by gather, reductions and scans, comparisons and
// casts, a conv net) with sizes drawn from the seed; a failure prints its seed.
import { describe, it } from "vitest";
import { config, createModel, logits } from "../../examples/names-transformer.js";
import { irisModel } from "../../examples/iris-mlp.js";
import { type DType, conv, maxPool, placeholder, tensor } from "../../src/index.js";
import { fromOnnx, toOnnx } from "../../src/onnx/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Feed, expectAgree, ortRun } from "../helpers/onnx-models.js";
import { rng, testSeed } from "../helpers/random.js";

type Dims = [string, number][];
type Next = () => number;
interface Input {
  readonly dims: Dims;
  readonly dtype?: DType;
  /** int32 inputs: values in [0, max) */
  readonly max?: number;
}
const numel = (dims: Dims) => dims.reduce((a, [, s]) => a * s, 1);
const int = (next: Next, lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
const weights = (next: Next, dims: Dims) => tensor(Float32Array.from({ length: numel(dims) }, () => next() - 0.5), dims as never) as unknown as AnyTensor;
type Build = (x: Record<string, AnyTensor>) => Record<string, AnyTensor>;
// the programs call methods by name on tensors of any dims (the typed API checks them in the other suites)
type Method = "dot" | "mul" | "sub" | "maskedFill" | "softmax" | "logSoftmax" | "indexSelect" | "mean" | "max" | "logsumexp" | "argmax" | "cumsum" | "variance" | "topk" | "gt" | "lt" | "cast" | "logicalAnd" | "relu";
const T = (t: unknown) => t as Record<Method, (...a: unknown[]) => AnyTensor>;

/** Exports, then compares ours, onnxruntime on the export, and fromOnnx(export) run by us. */
async function threeWays(next: Next, inputs: Record<string, Input>, build: Build, tol = { rel: 1e-4, abs: 2e-5 }): Promise<void> {
  const ph: Record<string, AnyTensor> = {};
  const feeds: Record<string, Feed> = {};
  for (const [name, spec] of Object.entries(inputs)) {
    const dtype = spec.dtype ?? "float32";
    const n = numel(spec.dims);
    const data =
      dtype === "float32"
        ? Float32Array.from({ length: n }, () => 4 * next() - 2)
        : dtype === "int32"
          ? Int32Array.from({ length: n }, () => Math.floor(next() * (spec.max ?? 7)))
          : Uint8Array.from({ length: n }, () => (next() < 0.5 ? 1 : 0));
    const p = placeholder(spec.dims as never, dtype as never) as unknown as AnyTensor & { feedValues(v: unknown): void };
    p.feedValues(data);
    ph[name] = p;
    feeds[name] = { data, shape: spec.dims.map(([, s]) => s), type: dtype };
  }
  const outs = build(ph);
  const bytes = await toOnnx(outs as never, ph as never);
  const want = await ortRun(bytes, feeds);
  const model = await fromOnnx(bytes, { names: Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, v.dims.map(([n]) => n)])) });
  const back = model.run(Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, tensor(feeds[k]!.data, v.dims as never, { dtype: v.dtype ?? "float32" } as never)])) as never);
  for (const [name, t] of Object.entries(outs)) {
    const ours = { data: (await t.data()) as ArrayLike<number>, shape: t.shapeDims.map((d) => d.size) };
    const exact = t.dtype !== "float32";
    expectAgree(ours, want[name]!, tol, exact);
    const r = back[name]!;
    expectAgree({ data: (await r.data()) as ArrayLike<number>, shape: r.shapeDims.map((d) => d.size) }, want[name]!, tol, exact);
  }
  model.dispose();
}

const programs: Record<string, (next: Next) => [Record<string, Input>, Build]> = {
  "attention with a key mask: dot, scale, maskedFill, softmax, dot": (next) => {
    const [b, h, s, d] = [int(next, 1, 2), int(next, 1, 3), int(next, 2, 5), int(next, 2, 4)];
    return [
      { q: { dims: [["batch", b], ["head", h], ["seq", s], ["d", d]] }, k: { dims: [["batch", b], ["head", h], ["key", s], ["d", d]] }, v: { dims: [["batch", b], ["head", h], ["key", s], ["dv", d]] }, pad: { dims: [["batch", b], ["key", s]], dtype: "bool" } },
      ({ q, k, v, pad }) => {
        const scores = T(T(q).dot("d", k)).mul(1 / Math.sqrt(d));
        const p = T(T(scores).maskedFill(pad, -1e9)).softmax("key");
        return { out: T(p).dot("key", v), p };
      },
    ];
  },
  "embedding by indexSelect, mean over the sequence, linear, logSoftmax": (next) => {
    const [b, s, vocab, e, c] = [int(next, 1, 3), int(next, 1, 5), int(next, 3, 9), int(next, 2, 5), int(next, 2, 4)];
    const table = weights(next, [["vocab", vocab], ["embed", e]]);
    const w = weights(next, [["embed", e], ["klass", c]]);
    return [{ ids: { dims: [["batch", b], ["seq", s]], dtype: "int32", max: vocab } }, ({ ids }) => ({ logp: T(T(T(T(table).indexSelect("vocab", ids)).mean("seq")).dot("embed", w)).logSoftmax("klass") })];
  },
  "reductions and scans: max, logsumexp, argmax, cumsum, variance": (next) => {
    const [a, bb, c] = [int(next, 1, 4), int(next, 1, 4), int(next, 2, 5)];
    return [
      { x: { dims: [["a", a], ["b", bb], ["c", c]] } },
      ({ x }) => ({ mx: T(x).max("b"), lse: T(x).logsumexp(["a", "c"]), arg: T(x).argmax("c"), cs: T(x).cumsum("b"), vr: T(x).variance("c") }),
    ];
  },
  "topk and sort values": (next) => {
    const [a, n] = [int(next, 1, 3), int(next, 2, 6)];
    const k = int(next, 1, n);
    return [{ x: { dims: [["a", a], ["n", n]] } }, ({ x }) => ({ top: (T(x).topk("n", k, "best") as unknown as { values: AnyTensor }).values })];
  },
  "comparisons, where, casts, integer arithmetic": (next) => {
    const [a, bb] = [int(next, 1, 4), int(next, 1, 4)];
    return [
      { x: { dims: [["a", a], ["b", bb]] }, y: { dims: [["b", bb]] }, i: { dims: [["a", a], ["b", bb]], dtype: "int32", max: 50 } },
      ({ x, y, i }) => {
        const big = T(x).gt(y);
        const w = T(T(big).cast("float32")).mul(x);
        return { w, c: T(T(x).mul(3)).cast("int32"), j: T(T(i).mul(3)).sub(T(i).max("a")), m: T(big).logicalAnd(T(y).lt(0.5)) };
      },
    ];
  },
  "the iris MLP example": (next) => {
    const model = irisModel(int(next, 0, 999));
    return [{ x: { dims: [["flower", int(next, 1, 6)], ["feature", 4]] } }, ({ x }) => ({ logits: model(x as never) as unknown as AnyTensor })];
  },
  "the demo transformer's forward pass (embedding, causal attention, layer norm, GELU MLP)": (next) => {
    const model = createModel(int(next, 0, 999));
    return [{ ids: { dims: [["batch", int(next, 1, 2)], ["seq", config.context]], dtype: "int32", max: config.vocab } }, ({ ids }) => ({ logits: logits(model, ids as never) as unknown as AnyTensor })];
  },
  "a conv net: conv, relu, maxPool, global mean, linear": (next) => {
    const [n, c, hh, ww, f] = [int(next, 1, 2), int(next, 1, 3), int(next, 5, 8), int(next, 5, 8), int(next, 2, 4)];
    const k = weights(next, [["filters", f], ["channels", c], ["kh", 3], ["kw", 3]]);
    const lin = weights(next, [["filters", f], ["klass", 3]]);
    return [
      { x: { dims: [["image", n], ["channels", c], ["height", hh], ["width", ww]] } },
      ({ x }) => {
        const h = T(conv(x as never, k as never, { channel: "channels", window: { height: "kh", width: "kw" }, padding: 1 } as never)).relu();
        const p = maxPool(h as never, { window: { height: 2, width: 2 }, stride: 2 } as never) as unknown as AnyTensor;
        return { y: T(T(p).mean(["height", "width"])).dot("filters", lin) };
      },
    ];
  },
};

// fewer graphs on WebGPU, where software Vulkan compiles each new pipeline slowly
const roundsOn = (device: string) => Number(process.env.NT_ONNX_ROUNDS ?? (device === "cpu" ? 4 : 2));
for (const device of deviceNames) {
  const rounds = roundsOn(device);
  describe(`toOnnx on ${device}: ours, onnxruntime-node and fromOnnx agree, ${rounds} random sizes each (seed ${testSeed})`, () => {
    for (const [name, program] of Object.entries(programs)) {
      // the whole demo transformer compiles for minutes on software Vulkan: the CPU runs it, WebGPU its parts above
      if (device !== "cpu" && name.startsWith("the demo transformer")) continue;
      it(name, async () => {
        await useDevice(device);
        const next = rng(testSeed ^ name.length);
        for (let round = 0; round < rounds; round++) {
          const [inputs, build] = program(next);
          try {
            await threeWays(next, inputs, build);
          } catch (e) {
            throw new Error(`round ${round}, inputs ${JSON.stringify(inputs)}: ${(e as Error).message}`);
          }
        }
      });
    }
  });
}
