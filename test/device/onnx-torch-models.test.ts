// Real architectures exported from PyTorch (test/fixtures/onnx/*.onnx, made by scripts/onnx-torch-fixtures.py with
// the TorchScript exporter): an MLP, a CNN (Conv, BatchNorm folded, MaxPool, HardSwish, AveragePool,
// GlobalAveragePool, Gemm), a down-and-up conv net (ConvTranspose, nearest and bilinear Resize, skip Concat), a
// 2-layer transformer encoder (Embedding, LayerNorm, attention with a padding mask, GELU, masked mean) and causal
// self-attention (Trilu mask, Where, Softmax). Each runs on fresh random inputs at two sizes of its dynamic dims and
// is compared with onnxruntime-node.
import { readFileSync } from "node:fs";
import { describe, it } from "vitest";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Feed, compareBytesWithOrt } from "../helpers/onnx-models.js";
import { rng, testSeed } from "../helpers/random.js";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/onnx/${name}`, import.meta.url)));
const floats = (next: () => number, shape: number[]): Feed => ({ data: Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => 2 * next() - 1), shape, type: "float32" });

const models: [string, string, (next: () => number, size: number) => Record<string, Feed>][] = [
  ["MLP (Gemm, erf-GELU, Tanh, residual, LogSoftmax)", "torch-mlp.onnx", (next, n) => ({ x: floats(next, [n, 6]) })],
  ["CNN (Conv + folded BatchNorm, MaxPool, grouped strided Conv, HardSwish, AveragePool, GlobalAveragePool, Gemm, Softmax)", "torch-cnn.onnx", (next, n) => ({ image: floats(next, [n, 3, 8 + 4 * n, 12]) })],
  ["down-and-up conv net (ConvTranspose, Resize nearest and bilinear, Concat, Elu, LeakyRelu)", "torch-unet.onnx", (next, n) => ({ x: floats(next, [n, 2, 8, 8]) })],
  [
    "transformer encoder (Embedding, LayerNorm, 2-head attention with a padding mask, GELU, masked mean)",
    "torch-encoder.onnx",
    (next) => {
      const [n, seq] = [2, 7]; // exported with static sizes
      const ids = Int32Array.from({ length: n * seq }, () => Math.floor(next() * 20));
      // each row keeps a random prefix of at least one token
      const mask = Uint8Array.from({ length: n * seq }, (_, i) => (i % seq >= 1 + Math.floor(next() * seq) ? 1 : 0));
      return { ids: { data: ids, shape: [n, seq], type: "int64" }, mask: { data: mask, shape: [n, seq], type: "bool" } };
    },
  ],
  ["causal self-attention (LayerNorm from ReduceMean/Pow/Sqrt, Split, heads by Reshape, Trilu mask, Where, Softmax)", "torch-attention.onnx", (next, n) => ({ x: floats(next, [n, 2 + 3 * n, 16]) })],
];

for (const device of deviceNames) {
  describe(`PyTorch-exported models on ${device} against onnxruntime-node (seed ${testSeed})`, () => {
    for (const [name, file, feeds] of models) {
      it(name, async () => {
        await useDevice(device);
        const next = rng(testSeed);
        const bytes = fixture(file);
        for (const size of [1, 2]) await compareBytesWithOrt(bytes, feeds(next, size), { rel: 1e-4, abs: 2e-5 });
      });
    }
  });
}
