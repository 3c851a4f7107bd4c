// The examples as tests, on every device: the essay's neural attention (examples/attention.ts) against an
// einsum-style float64 computation written with plain loops, the shape-generic helpers (examples/layer-norm.ts)
// against loops, and the examples type-checked with TS 7, compiled with tsconfig.examples.json and run with
// plain Node (they must print their results).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tensor } from "../../src/index.js";
import { type AttentionParams, attend, attention } from "../../examples/attention.js";
import { layerNorm, selfAttention } from "../../examples/layer-norm.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Layout, expectClose, forEachPosition, offsetOf, sizeOf } from "../helpers/naive.js";
import { randomFloats } from "../helpers/random.js";

/** Y[b,s,i], ht[b,i], rt1[b,i] and the parameters as plain arrays, with the einsum formulation of the essay. */
function einsumAttention(B: number, L: number, H: number, p: Record<keyof AttentionParams, Float32Array>, Y: Float32Array, ht: Float32Array, rt1: Float32Array) {
  // tmp = einsum("ik,kl->il", ht, Wh) + einsum("ik,kl->il", rt1, Wr)
  const tmp = new Float64Array(B * H);
  for (let b = 0; b < B; b++)
    for (let o = 0; o < H; o++) {
      let s = 0;
      for (let i = 0; i < H; i++) s += ht[b * H + i]! * p.Wh[i * H + o]! + rt1[b * H + i]! * p.Wr[i * H + o]!;
      tmp[b * H + o] = s;
    }
  // Mt = tanh(einsum("ijk,kl->ijl", Y, WY) + tmp.unsqueeze(1) + bM); at = softmax(einsum("ijk,k->ij", Mt, w), dim=-1)
  const at = new Float64Array(B * L);
  for (let b = 0; b < B; b++) {
    const logits = new Float64Array(L);
    for (let s = 0; s < L; s++) {
      let dot = 0;
      for (let o = 0; o < H; o++) {
        let m = tmp[b * H + o]! + p.bM[o]!;
        for (let i = 0; i < H; i++) m += Y[(b * L + s) * H + i]! * p.WY[i * H + o]!;
        dot += Math.tanh(m) * p.w[o]!;
      }
      logits[s] = dot;
    }
    const max = Math.max(...logits);
    const z = logits.reduce((acc, v) => acc + Math.exp(v - max), 0);
    for (let s = 0; s < L; s++) at[b * L + s] = Math.exp(logits[s]! - max) / z;
  }
  // rt = einsum("ijk,ij->ik", Y, at) + tanh(einsum("ij,jk->ik", rt1, Wt) + br)
  const rt = new Float64Array(B * H);
  for (let b = 0; b < B; b++)
    for (let k = 0; k < H; k++) {
      let read = 0;
      for (let s = 0; s < L; s++) read += Y[(b * L + s) * H + k]! * at[b * L + s]!;
      let t = p.br[k]!;
      for (let j = 0; j < H; j++) t += rt1[b * H + j]! * p.Wt[j * H + k]!;
      rt[b * H + k] = read + Math.tanh(t);
    }
  return { rt, at };
}

const header = (t: { toString(): string }): string => t.toString().split("\n")[0]!;

describe.each(deviceNames)("examples on %s", (device) => {
  beforeAll(() => useDevice(device));

  it.each([
    [1, 5],
    [3, 5],
    [7, 33],
  ])("neural attention matches the einsum loops (batch %i, seqlen %i, hidden 7)", async (B, L) => {
    const H = 7;
    const names = ["WY", "Wh", "Wr", "Wt", "bM", "br", "w"] as const;
    const raw = Object.fromEntries(names.map((n) => [n, randomFloats(n.startsWith("W") ? H * H : H, -0.7, 0.7)])) as Record<keyof AttentionParams, Float32Array>;
    const matrix = (v: Float32Array) => tensor(v, [["inhid", H], ["outhid", H]]);
    const vector = (v: Float32Array) => tensor(v, [["outhid", H]]);
    const params = { WY: matrix(raw.WY), Wh: matrix(raw.Wh), Wr: matrix(raw.Wr), Wt: matrix(raw.Wt), bM: vector(raw.bM), br: vector(raw.br), w: vector(raw.w) };
    const [y, h, r] = [randomFloats(B * L * H), randomFloats(B * H), randomFloats(B * H)];
    const Y = tensor(y, [["batch", B], ["seqlen", L], ["inhid", H]]).mask("batch");
    const ht = tensor(h, [["batch", B], ["inhid", H]]).mask("batch");
    const rt1 = tensor(r, [["batch", B], ["inhid", H]]).mask("batch");

    const { rt, at } = attention(params, Y, ht, rt1);
    expect(rt.dims).toEqual(["batch", "inhid"]);
    expect(at.dims).toEqual(["batch", "seqlen"]);
    expect(rt.shape).toEqual({ batch: B, inhid: H });
    expect(at.shape).toEqual({ batch: B, seqlen: L });
    // The batch stays private in the results; unmask shows it again.
    expect(header(rt)).toBe(`Tensor { batch (private): ${B}, inhid: ${H} } float32`);
    expect(header(at.unmask())).toBe(`Tensor { batch: ${B}, seqlen: ${L} } float32`);

    const expected = einsumAttention(B, L, H, raw, y, h, r);
    // Sums of ≤ 7·33 products of values ≤ 2, through tanh and softmax: float32 rounding stays below 1e-5.
    expectClose(await at.data(), expected.at, 1e-4, 1e-5);
    expectClose(await rt.data(), expected.rt, 1e-4, 1e-5);
    // The untyped-size body gives the same numbers.
    const plain = attend(params, Y, ht, rt1);
    expectClose(await plain.rt.data(), await rt.data(), 0, 1e-6);
  });

  it("layerNorm normalises over one name, whatever the other dims, private ones included", async () => {
    const l: Layout = [["seq", 5], ["batch", 3], ["feat", 33]];
    const x = randomFloats(sizeOf(l), -3, 5);
    const [g, b] = [randomFloats(33, 0.5, 1.5), randomFloats(33)];
    const t = tensor(x, [["seq", 5], ["batch", 3], ["feat", 33]]).mask("batch");
    const out = layerNorm(t, "feat", { gamma: tensor(g, [["feat", 33]]), beta: tensor(b, [["feat", 33]]), eps: 1e-5 });
    expect(out.dims).toEqual(["seq", "batch", "feat"]);
    expect(header(out)).toBe("Tensor { seq: 5, batch (private): 3, feat: 33 } float32");
    const expected = new Float64Array(x.length);
    forEachPosition([["seq", 5], ["batch", 3]], (at) => {
      const row = Array.from({ length: 33 }, (_, k) => x[offsetOf(l, { ...at, feat: k })]!);
      const mean = row.reduce((s, v) => s + v, 0) / 33;
      const variance = row.reduce((s, v) => s + (v - mean) ** 2, 0) / 33;
      row.forEach((v, k) => (expected[offsetOf(l, { ...at, feat: k })] = ((v - mean) / Math.sqrt(variance + 1e-5)) * g[k]! + b[k]!));
    });
    // Normalised values are O(1); float32 mean/variance over 33 values keep them within 1e-5.
    expectClose(await out.data(), expected, 1e-5, 1e-5);
    // Over another name, on an unmasked tensor of another rank.
    const y = randomFloats(7 * 9);
    const byRow = await layerNorm(tensor(y, [["a", 7], ["b", 9]]), "a").data();
    for (let j = 0; j < 9; j++) {
      const col = Array.from({ length: 7 }, (_, i) => y[i * 9 + j]!);
      const mean = col.reduce((s, v) => s + v, 0) / 7;
      const sd = Math.sqrt(col.reduce((s, v) => s + (v - mean) ** 2, 0) / 7 + 1e-5);
      expectClose(col.map((_, i) => byRow[i * 9 + j]!), col.map((v) => (v - mean) / sd), 1e-5, 1e-5);
    }
  });

  it("selfAttention works on {seqlen, inhid} and carries any private dims through", async () => {
    const [B, Hd, L, D] = [2, 3, 5, 8];
    const l: Layout = [["batch", B], ["heads", Hd], ["seqlen", L], ["inhid", D]];
    const x = randomFloats(sizeOf(l));
    const t = tensor(x, [["batch", B], ["heads", Hd], ["seqlen", L], ["inhid", D]]).mask("batch", "heads");
    const out = selfAttention(t);
    expect(out.dims).toEqual(["batch", "heads", "seqlen", "inhid"]);
    expect(header(out)).toBe(`Tensor { batch (private): ${B}, heads (private): ${Hd}, seqlen: ${L}, inhid: ${D} } float32`);
    const expected = new Float64Array(x.length);
    forEachPosition([["batch", B], ["heads", Hd]], (at) => {
      const row = (s: number) => Array.from({ length: D }, (_, k) => x[offsetOf(l, { ...at, seqlen: s, inhid: k })]!);
      for (let q = 0; q < L; q++) {
        const scores = Array.from({ length: L }, (_, k) => row(q).reduce((acc, v, d) => acc + v * row(k)[d]!, 0) / Math.sqrt(D));
        const m = Math.max(...scores);
        const w = scores.map((s) => Math.exp(s - m));
        const z = w.reduce((acc, v) => acc + v, 0);
        for (let d = 0; d < D; d++) expected[offsetOf(l, { ...at, seqlen: q, inhid: d })] = w.reduce((acc, v, k) => acc + (v / z) * row(k)[d]!, 0);
      }
    });
    expectClose(await out.data(), expected, 1e-4, 1e-5);
  });
});

describe("the examples as programs", () => {
  // Inside the repository (.cache/, ignored), so the compiled examples resolve the package's dependencies
  // (onnx-buf, @bufbuild/protobuf) from its node_modules as an installed package would.
  mkdirSync(".cache", { recursive: true });
  const out = mkdtempSync(join(".cache", "nt-examples-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  const tsc = (args: string[]): string => {
    try {
      return execFileSync(process.execPath, ["node_modules/typescript7/bin/tsc", "-p", "tsconfig.examples.json", "--pretty", "false", ...args], { encoding: "utf8" });
    } catch (e) {
      return `tsc failed:\n${(e as { stdout?: string }).stdout ?? String(e)}`;
    }
  };

  it("type-check with TS 7, including the mistakes they show as @ts-expect-error", () => {
    expect(tsc(["--noEmit"])).toBe("");
  });

  it("compile with tsconfig.examples.json and run with plain Node, printing their results", () => {
    expect(tsc(["--outDir", out])).toBe("");
    writeFileSync(join(out, "package.json"), '{ "type": "module" }\n');
    const run = (file: string): string => execFileSync(process.execPath, [join(out, "examples", file)], { encoding: "utf8", env: { ...process.env, NAMED_TENSOR_THREADS: "1" } });
    const attentionOutput = run("attention.js");
    expect(attentionOutput).toContain("r_t = Tensor { batch (private): 3, inhid: 7 } float32");
    expect(attentionOutput).toContain("α_t = Tensor { batch (private): 3, seqlen: 5 } float32");
    expect(attentionOutput).toContain('Error received: "batch" is private (masked)');
    const sums = attentionOutput.match(/rows of α_t sum to (.*)/)![1]!.split(",").map(Number);
    expect(sums.length).toBe(3);
    for (const s of sums) expect(Math.abs(s - 1)).toBeLessThan(1e-5);
    const normOutput = run("layer-norm.js");
    expect(normOutput).toContain("layerNorm over feat = Tensor { batch (private): 2, seq: 3, feat: 6 } float32");
    expect(normOutput).toContain("variances over feat ≈ 1: Tensor { batch (private): 2, seq: 3 } float32");
    expect(normOutput).toContain("selfAttention keeps the type and dims: batch, seqlen, inhid");
    // the README's tour: three kernels' worth of fused code, the shape it promised, the three sentences
    const tourOutput = run("tour.js");
    expect(tourOutput).toContain('scores: {"image":48,"row":12,"other":12}');
    expect(tourOutput).toContain('typo: ShapeError: "chanels" is not a dimension of { batch: 6, height: 96, width: 96, channels: 3 }');
    expect(tourOutput).toContain('sizes: ShapeError: dimension "height" is 96 in the left operand but 64 in the right');
    expect(tourOutput).toContain('private: ShapeError: "batch" is private (masked)');
    // an imported pretrained model doing its job: PaddleOCR's recogniser reads a rendered word
    expect(run("onnx-ocr.js")).toContain('rendered "TENSOR", PP-OCRv4 read "TENSOR"');
  });
});
