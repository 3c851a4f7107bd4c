// Optimizers against independent float64 update loops over a few steps (SGD plain, with momentum, Nesterov
// and weight decay; Adam and AdamW with their bias corrections), the typed update/commit path with its
// runtime sentence, and a real decrease of a regression loss — on every device in NT_DEVICES.
import { beforeAll, describe, expect, it } from "vitest";
import { ShapeError, adam, sgd, tensor, valueAndGrad, variable } from "../../src/index.js";
import type { Optimizer } from "../../src/optim/optimizer.js";
import { loose } from "../helpers/gradcheck.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { expectClose } from "../helpers/naive.js";
import { randomFloats } from "../helpers/random.js";

/** loss(w, b) = Σ_n (Σ_i x[n,i]·w[i] + b - y[n])² / N, and its float64 gradient. */
function problem() {
  const [N, I] = [6, 3];
  const xv = randomFloats(N * I);
  const yv = randomFloats(N);
  const x = loose(tensor(xv, [["n", N], ["i", I]]));
  const y = loose(tensor(yv, [["n", N]]));
  const lossOf = (w: any, b: any) => x.dot("i", w).add(b).sub(y).pow(2).mean("n");
  const grad64 = (w: Float64Array, b: number): [Float64Array, number, number] => {
    const gw = new Float64Array(I);
    let gb = 0;
    let loss = 0;
    for (let n = 0; n < N; n++) {
      let r = b - yv[n]!;
      for (let i = 0; i < I; i++) r += xv[n * I + i]! * w[i]!;
      loss += (r * r) / N;
      gb += (2 * r) / N;
      for (let i = 0; i < I; i++) gw[i] = gw[i]! + (2 * r * xv[n * I + i]!) / N;
    }
    return [gw, gb, loss];
  };
  /** The least loss over w with b = 0, from the normal equations XᵀX w = Xᵀy (Gaussian elimination). */
  const leastLoss = (): number => {
    const a = Array.from({ length: I }, (_, r) => [...Array.from({ length: I }, (_, c) => sumOver(N, (n) => xv[n * I + r]! * xv[n * I + c]!)), sumOver(N, (n) => xv[n * I + r]! * yv[n]!)]);
    for (let c = 0; c < I; c++) {
      for (let r = c + 1; r < I; r++) {
        const f = a[r]![c]! / a[c]![c]!;
        for (let k = c; k <= I; k++) a[r]![k]! -= f * a[c]![k]!;
      }
    }
    const w = new Float64Array(I);
    for (let r = I - 1; r >= 0; r--) w[r] = (a[r]![I]! - sumOver(I - 1 - r, (k) => a[r]![r + 1 + k]! * w[r + 1 + k]!)) / a[r]![r]!;
    return grad64(w, 0)[2];
  };
  return { lossOf, grad64, leastLoss, I };
}
const sumOver = (n: number, f: (i: number) => number): number => Array.from({ length: n }, (_, i) => f(i)).reduce((a, b) => a + b, 0);

/** Runs `steps` of `opt` and of `reference` (a float64 update of w and b from their gradients) side by side. */
async function compare(opt: Optimizer, reference: (t: number, w: Float64Array, b: Float64Array, gw: Float64Array, gb: Float64Array) => void, steps = 5) {
  const { lossOf, grad64, I } = problem();
  const w0 = randomFloats(I);
  const W = variable(tensor(w0, [["i", I]]));
  const B = variable(tensor([0.3], [["one", 1]]));
  const [w, b] = [Float64Array.from(w0), Float64Array.from([0.3])];
  for (let t = 1; t <= steps; t++) {
    const loss = await opt.step(() => lossOf(W, loose(B).sum("one")));
    const [gw, gb, want] = grad64(w, b[0]!);
    expect(loss).toBeCloseTo(want, 4);
    reference(t, w, b, gw, Float64Array.from([gb]));
    expectClose(await W.data(), w, 1e-4, 1e-5);
    expectClose(await B.data(), b, 1e-4, 1e-5);
  }
}

describe.each(deviceNames)("optimizers on %s", (device) => {
  beforeAll(() => useDevice(device));

  describe("sgd", () => {
    it("plain: v ← v - lr·g", async () => {
      await compare(sgd({ lr: 0.1 }), (_, w, b, gw, gb) => {
        for (const [v, g] of [[w, gw], [b, gb]] as const) v.forEach((_, i) => (v[i]! -= 0.1 * g[i]!));
      });
    });
    for (const nesterov of [false, true]) {
      it(`momentum${nesterov ? " (Nesterov)" : ""} with weight decay`, async () => {
        const bufs = [new Float64Array(3), new Float64Array(1)];
        await compare(sgd({ lr: 0.05, momentum: 0.9, nesterov, weightDecay: 0.01 }), (_, w, b, gw, gb) => {
          [[w, gw], [b, gb]].forEach(([v, g0], k) => {
            v!.forEach((_, i) => {
              const g = g0![i]! + 0.01 * v![i]!;
              bufs[k]![i] = 0.9 * bufs[k]![i]! + g;
              v![i]! -= 0.05 * (nesterov ? g + 0.9 * bufs[k]![i]! : bufs[k]![i]!);
            });
          });
        });
      });
    }
  });

  describe("adam", () => {
    for (const weightDecay of [0, 0.1]) {
      it(`with bias corrections${weightDecay ? " and decoupled weight decay (AdamW)" : ""}`, async () => {
        const [lr, b1, b2, eps] = [0.05, 0.8, 0.95, 1e-6];
        const m = [new Float64Array(3), new Float64Array(1)];
        const s = [new Float64Array(3), new Float64Array(1)];
        await compare(adam({ lr, beta1: b1, beta2: b2, eps, weightDecay }), (t, w, b, gw, gb) => {
          [[w, gw], [b, gb]].forEach(([v, g], k) => {
            v!.forEach((_, i) => {
              m[k]![i] = b1 * m[k]![i]! + (1 - b1) * g![i]!;
              s[k]![i] = b2 * s[k]![i]! + (1 - b2) * g![i]! ** 2;
              const update = m[k]![i]! / (1 - b1 ** t) / (Math.sqrt(s[k]![i]! / (1 - b2 ** t)) + eps);
              v![i] = v![i]! - lr * weightDecay * v![i]! - lr * update;
            });
          });
        });
      });
    }

    it("update + commit with hand-computed gradients; a gradient of the wrong variable is a sentence", async () => {
      const { lossOf } = problem();
      const W = variable(tensor(randomFloats(3), [["i", 3]]));
      const B = variable(tensor([0], [["one", 1]]));
      const opt = adam({ lr: 0.1 });
      const first = valueAndGrad(() => lossOf(W, loose(B).sum("one")))();
      opt.update(W, first.variables.get(W));
      opt.update(B, first.variables.get(B));
      // The value is computed with the updates (after the commit it would read the new variables).
      await opt.commit([first.value]);
      let thrown: unknown;
      try {
        opt.update(W, loose(first.variables.get(B)));
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(ShapeError);
      expect((thrown as Error).message).toBe("the new value must have the dimensions and dtype { i: 3 } float32, not { one: 1 } float32");
      const later = valueAndGrad(() => lossOf(W, loose(B).sum("one")))();
      expect((await later.value.data())[0]!).toBeLessThan((await first.value.data())[0]!);
    });

    it("training decreases the loss towards the least-squares optimum", async () => {
      const { lossOf, leastLoss } = problem();
      const W = variable(tensor(randomFloats(3), [["i", 3]]));
      const opt = adam({ lr: 0.05 });
      const losses: number[] = [];
      for (let i = 0; i < 60; i++) losses.push(await opt.step(() => lossOf(W, 0)));
      // The loss above the optimum (random data rarely fits exactly) shrinks; its size is what Adam can remove.
      const best = leastLoss();
      expect(Math.min(...losses)).toBeGreaterThanOrEqual(best - 1e-5);
      expect(losses.at(-1)! - best).toBeLessThan((losses[0]! - best) * 0.5);
    });
  });
});
