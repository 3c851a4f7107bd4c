// Contractions through the packed, register-blocked kernel (src/backend/cpu/wasm/gemm.ts) against plain
// float64 loops: several m/n/k dims, batch dims, sizes that leave partial 4×8 tiles, transposed operands,
// prologues on the loads and epilogues on the store. Tolerance: float32 sums over k of products of values in
// [-2, 2] (rtol 1e-5 plus atol scaled by √k for cancellation).
import { describe, expect, it } from "vitest";
import { matchContraction } from "../../src/backend/kernel/passes/contraction.js";
import { gemmBlocks } from "../../src/backend/cpu/wasm/gemm.js";
import { lowerKernels } from "../../src/backend/kernel/lower.js";
import { cpuPasses } from "../../src/backend/cpu/device.js";
import { CpuDevice } from "../../src/backend/cpu/device.js";
import { type Tensor, conv, getDefaultDevice, tensor } from "../../src/index.js";
import { type Layout, expectClose, naiveDot } from "../helpers/naive.js";
import { randomFloats } from "../helpers/random.js";

type Any = Tensor<any, any>;
const make = (layout: Layout): [Any, Float32Array] => {
  const data = randomFloats(layout.reduce((n, [, z]) => n * z, 1));
  return [tensor(data, layout as any) as Any, data];
};

describe("packed contraction kernels", () => {
  const cases: [string, Layout, Layout, string[], Layout][] = [
    ["odd square", [["i", 37], ["k", 29]], [["k", 29], ["j", 43]], ["k"], [["i", 37], ["j", 43]]],
    ["tiny", [["i", 1], ["k", 1]], [["k", 1], ["j", 1]], ["k"], [["i", 1], ["j", 1]]],
    ["batched (attention scores)", [["b", 3], ["q", 9], ["d", 16]], [["b", 3], ["key", 11], ["d", 16]], ["d"], [["b", 3], ["q", 9], ["key", 11]]],
    ["two m dims (a linear layer on [batch, seq, h])", [["batch", 2], ["seq", 5], ["h", 12]], [["h", 12], ["o", 10]], ["h"], [["batch", 2], ["seq", 5], ["o", 10]]],
    ["two contracted dims", [["i", 6], ["h", 4], ["w", 5]], [["h", 4], ["w", 5], ["j", 7]], ["h", "w"], [["i", 6], ["j", 7]]],
    ["transposed operands", [["k", 17], ["i", 10]], [["j", 9], ["k", 17]], ["k"], [["i", 10], ["j", 9]]],
    ["two m dims read 4 at a time along the inner one, two n dims along k", [["k", 9], ["b", 3], ["s", 8]], [["p", 5], ["q", 3], ["k", 9]], ["k"], [["b", 3], ["s", 8], ["p", 5], ["q", 3]]],
    ["two n dims read 4 at a time along the inner one", [["i", 7], ["k", 14]], [["k", 14], ["p", 3], ["q", 12]], ["k"], [["i", 7], ["p", 3], ["q", 12]]],
  ];
  for (const [name, la, lb, names, out] of cases) {
    it(name, () => {
      const [a, da] = make(la);
      const [b, db] = make(lb);
      const y = a.dot(names as any, b);
      // (size-1 dims drop out of addresses, so a 1×1×1 product is plain loops)
      if ([...la, ...lb].every(([, z]) => z > 1)) expect(matchContraction(lowerKernels([y.node], { passes: cpuPasses })[0]!.kernel), "uses the packed kernel").toBeDefined();
      expect(y.dims).toEqual(out.map(([n]) => n));
      const k = names.reduce((n, x) => n * [...la, ...lb].find(([m]) => m === x)![1], 1);
      expectClose(y.dataSync(), naiveDot(da, la, db, lb, names, out), 1e-5, 1e-6 * Math.sqrt(k) * 4);
    });
  }
  it("prologue on a load and epilogue on the store (relu(x)·W + bias, then tanh)", () => {
    const [x, dx] = make([["r", 21], ["k", 19]]);
    const [w, dw] = make([["k", 19], ["c", 33]]);
    const [bias, db] = make([["c", 33]]);
    const y = x.relu().dot("k", w).add(bias).tanh();
    const relu = Float32Array.from(dx, (v) => Math.max(v, 0));
    const mm = naiveDot(relu, [["r", 21], ["k", 19]], dw, [["k", 19], ["c", 33]], ["k"], [["r", 21], ["c", 33]]);
    const want = mm.map((v, i) => Math.tanh(v + db[i % 33]!));
    expectClose(y.dataSync(), want, 1e-5, 1e-5);
  });
  it("split across the thread pool and on one thread (work units made for each), odd sizes and layouts", () => {
    const ex = (getDefaultDevice() as CpuDevice).executor;
    const saved = ex.split.contraction;
    const cases: [Layout, Layout][] = [
      [[["i", 67], ["k", 53]], [["k", 53], ["j", 71]]], // A along k (transposed 4×4), B along n, partial panels
      [[["k", 53], ["i", 67]], [["j", 71], ["k", 53]]], // A along m, B along k
      [[["b", 3], ["i", 13], ["k", 6]], [["b", 3], ["k", 6], ["j", 29]]], // batch points as work units, k tail of 2
    ];
    try {
      for (const threshold of [0, Infinity]) {
        ex.split.contraction = threshold;
        for (const [la, lb] of cases) {
          const [a, da] = make(la);
          const [b, db] = make(lb);
          const out = [...la.filter(([n]) => n !== "k"), ...lb.filter(([n]) => n !== "k" && !la.some(([m]) => m === n))] as Layout;
          const y = a.dot("k", b);
          expectClose(y.dataSync(), naiveDot(da, la, db, lb, ["k"], out), 1e-5, 1e-6 * Math.sqrt(53) * 4);
        }
      }
    } finally {
      ex.split.contraction = saved;
    }
  });
  it("a thin product (a convolution's positions × its channels) is cut into row chunks, not column blocks", () => {
    const [x, dx] = make([["p", 1021], ["k", 36]]);
    const [w, dw] = make([["k", 36], ["o", 24]]);
    const c = matchContraction(lowerKernels([x.dot("k", w).node], { passes: cpuPasses })[0]!.kernel)!;
    const two = gemmBlocks(c, 2);
    // every chunk packs only its rows of A; B's one block is packed again per chunk
    expect(two.NC).toBe(24);
    expect(two.chunks).toBeGreaterThan(1);
    expect(two.units).toBe(two.chunks);
    expect(two.chunkRows * two.chunks).toBeGreaterThanOrEqual(1021);
    expect(gemmBlocks(c, 1)).toMatchObject({ chunks: 1, units: 1 });
    // a long k makes blocks shorter than a chunk: every chunk ends in a partial block (only its panels are packed)
    const [x2, dx2] = make([["p", 1021], ["k", 600]]);
    const [w2, dw2] = make([["k", 600], ["o", 24]]);
    const c2 = matchContraction(lowerKernels([x2.dot("k", w2).node], { passes: cpuPasses })[0]!.kernel)!;
    expect(gemmBlocks(c2, 2).chunkRows % gemmBlocks(c2, 2).MC).not.toBe(0);
    const ex = (getDefaultDevice() as CpuDevice).executor;
    const saved = ex.split.contraction;
    try {
      for (const threshold of [0, Infinity]) {
        ex.split.contraction = threshold;
        expectClose(x.dot("k", w).relu().dataSync(), naiveDot(dx, [["p", 1021], ["k", 36]], dw, [["k", 36], ["o", 24]], ["k"], [["p", 1021], ["o", 24]]).map((v) => Math.max(v, 0)), 1e-5, 1e-5 * 6);
        expectClose(x2.dot("k", w2).dataSync(), naiveDot(dx2, [["p", 1021], ["k", 600]], dw2, [["k", 600], ["o", 24]], ["k"], [["p", 1021], ["o", 24]]), 1e-5, 1e-5 * 25);
      }
    } finally {
      ex.split.contraction = saved;
    }
  });
  it("n is the side the output is contiguous along: W[o, c] · x[c, h, w] (an NCHW 1×1 convolution) stores along w", () => {
    for (const width of [12, 7]) {
      const [w, dw] = make([["o", 10], ["c", 9]]);
      const [x, dx] = make([["c", 9], ["h", 3], ["w", width]]);
      const [bias, db] = make([["o", 10]]);
      const y = w.dot("c", x).add(bias).relu();
      const c = matchContraction(lowerKernels([w.dot("c", x).node], { passes: cpuPasses })[0]!.kernel)!;
      expect(c.n.map((v) => v.name)).toEqual(["h", "w"]);
      expect(y.dims).toEqual(["o", "h", "w"]);
      const mm = naiveDot(dw, [["o", 10], ["c", 9]], dx, [["c", 9], ["h", 3], ["w", width]], ["c"], [["o", 10], ["h", 3], ["w", width]]);
      expectClose(y.dataSync(), mm.map((v, i) => Math.max(0, v + db[Math.floor(i / (3 * width))]!)), 1e-5, 1e-5);
    }
  });
  it("a convolution's windows are packed along its channels (the contiguous k loop goes last), with a channel tail", () => {
    for (const channels of [8, 6]) {
      const [x, dx] = make([["h", 7], ["w", 9], ["c", channels]]);
      const [k, dk] = make([["kh", 3], ["kw", 2], ["c", channels], ["o", 5]]);
      // valid windows: y[h, w, o] = Σ x[h + kh, w + kw, c] · k[kh, kw, c, o]
      const y = conv(x, k, { channel: "c", window: { h: "kh", w: "kw" } }) as Any;
      const want = new Float64Array(5 * 8 * 5);
      for (let h = 0; h < 5; h++)
        for (let w = 0; w < 8; w++)
          for (let o = 0; o < 5; o++) {
            let acc = 0;
            for (let a = 0; a < 3; a++) for (let b = 0; b < 2; b++) for (let c = 0; c < channels; c++) acc += dx[((h + a) * 9 + w + b) * channels + c]! * dk[((a * 2 + b) * channels + c) * 5 + o]!;
            want[(h * 8 + w) * 5 + o] = acc;
          }
      expect(y.dims).toEqual(["h", "w", "o"]);
      expectClose(y.dataSync(), want, 1e-5, 1e-5 * channels);
    }
  });
  it("prologues vectorised while packing: exp(a)·relu(b)ᵀ with both operands along k", () => {
    const [x, dx] = make([["r", 23], ["k", 41]]);
    const [w, dw] = make([["c", 19], ["k", 41]]);
    const y = x.exp().dot("k", w.relu());
    const ex = Float32Array.from(dx, Math.exp);
    const rw = Float32Array.from(dw, (v) => Math.max(v, 0));
    expectClose(y.dataSync(), naiveDot(ex, [["r", 23], ["k", 41]], rw, [["c", 19], ["k", 41]], ["k"], [["r", 23], ["c", 19]]), 1e-5, 1e-5 * Math.sqrt(41) * 8);
  });
  it("two m dims that are not one run of memory (a transposed view), packed 4 rows at a time along k", () => {
    const [x, dx] = make([["b", 5], ["s", 6], ["h", 12]]);
    const [w, dw] = make([["h", 12], ["o", 10]]);
    const y = x.transpose("s", "b", "h").dot("h", w);
    const xt = new Float32Array(dx.length);
    for (let b = 0; b < 5; b++) for (let s2 = 0; s2 < 6; s2++) for (let h = 0; h < 12; h++) xt[(s2 * 5 + b) * 12 + h] = dx[(b * 6 + s2) * 12 + h]!;
    expect(y.dims).toEqual(["s", "b", "o"]);
    expectClose(y.dataSync(), naiveDot(xt, [["s", 6], ["b", 5], ["h", 12]], dw, [["h", 12], ["o", 10]], ["h"], [["s", 6], ["b", 5], ["o", 10]]), 1e-5, 1e-5);
  });
  it("an epilogue that is not contiguous in the output falls back to scalar stores", () => {
    const [x, dx] = make([["k", 13], ["r", 6]]);
    const [w, dw] = make([["c", 9], ["k", 13]]);
    const y = x.dot("k", w).transpose("c", "r").mul(3);
    const mm = naiveDot(dx, [["k", 13], ["r", 6]], dw, [["c", 9], ["k", 13]], ["k"], [["c", 9], ["r", 6]]);
    expectClose(y.dataSync(), mm.map((v) => 3 * v), 1e-5, 1e-5);
  });
});
