// Benchmark layer (bench/ only; never imported by src/). The workloads: their sizes (full, quick, probe),
// deterministic float32 inputs shared by every library, the work they do (FLOPs or minimum bytes moved), and
// a float64 reference check at sampled output points. Every library computes the same thing on the same data.
// Imports nothing from the library or from the peers.

const MiB = 1 << 20;

/**
 * The workloads in run order. `id` is what BENCH_ONLY selects; `kind` is what a library module implements;
 * `full` and `quick` are the sizes of a normal and of a smoke run (BENCH_QUICK=1). An `optIn` workload runs
 * only when BENCH_ONLY names it (GPU sizes that a CPU run has no time for).
 * @example WORKLOADS.find((w) => w.id === "matmul1024").full // { n: 1024 }
 */
export const WORKLOADS = [
  { id: "matmul16", kind: "matmul", full: { n: 16 }, quick: { n: 16 } },
  { id: "matmul32", kind: "matmul", full: { n: 32 }, quick: { n: 32 } },
  { id: "matmul64", kind: "matmul", full: { n: 64 }, quick: { n: 64 } },
  { id: "matmul128", kind: "matmul", full: { n: 128 }, quick: { n: 16 } },
  { id: "matmul256", kind: "matmul", full: { n: 256 }, quick: { n: 24 } },
  { id: "matmul512", kind: "matmul", full: { n: 512 }, quick: { n: 32 } },
  { id: "matmul1024", kind: "matmul", full: { n: 1024 }, quick: { n: 48 } },
  { id: "matmul2048", kind: "matmul", full: { n: 2048 }, quick: { n: 64 } },
  { id: "matmul4096", kind: "matmul", full: { n: 4096 }, quick: { n: 96 }, optIn: true },
  { id: "sigmoid", kind: "sigmoid", full: { n: 16 * MiB }, quick: { n: 4096 } },
  { id: "sigmoid-op", kind: "sigmoidOp", full: { n: 16 * MiB }, quick: { n: 4096 } },
  { id: "chain", kind: "chain", full: { n: 4 * MiB }, quick: { n: 4096 } },
  { id: "rowsum", kind: "rowsum", full: { rows: 4096, cols: 4096 }, quick: { rows: 48, cols: 80 } },
  { id: "colsum", kind: "colsum", full: { rows: 4096, cols: 4096 }, quick: { rows: 48, cols: 80 } },
  { id: "softmax", kind: "softmax", full: { rows: 4096, cols: 1024 }, quick: { rows: 48, cols: 40 } },
  { id: "attention", kind: "attention", full: { b: 8, q: 512, k: 512, d: 64 }, quick: { b: 2, q: 12, k: 20, d: 8 } },
  { id: "permute", kind: "permute", full: { shape: [64, 128, 256] }, quick: { shape: [4, 6, 10] } },
  // Small work, where fixed costs per op (graph building, lowering, launches, threads) decide (issue "Real work fast").
  { id: "affine1e3", kind: "affine", full: { n: 1000 }, quick: { n: 1000 } },
  { id: "affine1e4", kind: "affine", full: { n: 10000 }, quick: { n: 1000 } },
  { id: "affine1e5", kind: "affine", full: { n: 100000 }, quick: { n: 1000 } },
  { id: "affine1e6", kind: "affine", full: { n: 1000000 }, quick: { n: 1000 } },
  { id: "affine4e6", kind: "affine", full: { n: 4000000 }, quick: { n: 1000 } },
  { id: "affine1e7", kind: "affine", full: { n: 10000000 }, quick: { n: 1000 } },
  { id: "mlp", kind: "mlp", full: { steps: 20 }, quick: { steps: 2 } },
  // Convolution layers (NHWC, "same" padding, bias + relu epilogue): the issue's 32×32×16→32, a strided one, a depthwise one.
  { id: "conv32", kind: "conv", full: { b: 1, h: 32, w: 32, cin: 16, cout: 32, k: 3, stride: 1, depthwise: false }, quick: { b: 1, h: 8, w: 8, cin: 4, cout: 8, k: 3, stride: 1, depthwise: false } },
  { id: "conv64s2", kind: "conv", full: { b: 1, h: 64, w: 64, cin: 32, cout: 64, k: 3, stride: 2, depthwise: false }, quick: { b: 1, h: 9, w: 9, cin: 4, cout: 8, k: 3, stride: 2, depthwise: false } },
  { id: "conv-mnist", kind: "conv", full: { b: 32, h: 14, w: 14, cin: 8, cout: 16, k: 3, stride: 1, depthwise: false }, quick: { b: 2, h: 7, w: 7, cin: 2, cout: 4, k: 3, stride: 1, depthwise: false } },
  { id: "dwconv56", kind: "conv", full: { b: 1, h: 56, w: 56, cin: 64, cout: 64, k: 3, stride: 1, depthwise: true }, quick: { b: 1, h: 8, w: 8, cin: 4, cout: 4, k: 3, stride: 1, depthwise: true } },
  { id: "iris", kind: "iris", full: { steps: 20 }, quick: { steps: 2 } },
];

/** Short aliases accepted by BENCH_ONLY besides the ids: a family name selects all its sizes. */
export const WORKLOAD_GROUPS = {
  matmul: ["matmul256", "matmul512", "matmul1024", "matmul2048"],
  "small-matmul": ["matmul16", "matmul32", "matmul64", "matmul128", "matmul256"],
  affine: ["affine1e3", "affine1e4", "affine1e5", "affine1e6", "affine4e6", "affine1e7"],
  train: ["mlp", "iris"],
  conv: ["conv32", "conv64s2", "conv-mnist", "dwconv56"],
  small: ["matmul16", "matmul32", "matmul64", "matmul128", "matmul256", "affine1e3", "affine1e4", "affine1e5", "affine1e6", "affine4e6", "affine1e7", "mlp", "iris"],
};

const prod = (xs) => xs.reduce((a, b) => a * b, 1);
/** The output size of a "same"-padded window: ceil(size / stride). */
const convOut = (size, stride) => Math.ceil(size / stride);

/** What the two sigmoid workloads share: they differ only in how the library is asked to compute it. */
const sigmoidTask = {
  work: (p) => ({ bytes: 2 * 4 * p.n }),
  probe: (p) => ({ n: Math.max(1024, p.n / 64) }),
  inputs: (p) => ({ x: scale(randArray(p.n, 3), 8), shape: [p.n] }),
  outLength: (p) => p.n,
  check(p, I, out, cmp) {
    for (const i of sampleIdx(p.n, 256, 98)) cmp(out[i], 1 / (1 + Math.exp(-I.x[i])), 1e-3);
  },
};

/**
 * What each kind means: a label for the table, the useful work (`flops`: 2·m·n·k per contraction, or `bytes`:
 * each input read once and each output written once), a smaller size to estimate the run time from (`probe`),
 * the inputs, and the sampled float64 check.
 */
export const KINDS = {
  matmul: {
    label: (p) => `matmul ${p.n}³`,
    expr: 'a.dot("k", b)',
    work: (p) => ({ flops: 2 * p.n ** 3 }),
    probe: (p) => ({ n: Math.max(8, p.n / 8) }),
    inputs: (p) => ({ a: randArray(p.n * p.n, 1), b: randArray(p.n * p.n, 2), aShape: [p.n, p.n], bShape: [p.n, p.n] }),
    outLength: (p) => p.n * p.n,
    check(p, I, out, cmp) {
      for (const idx of sampleIdx(p.n * p.n, 64, 99)) {
        const i = Math.floor(idx / p.n), j = idx % p.n;
        let s = 0;
        for (let t = 0; t < p.n; t++) s += I.a[i * p.n + t] * I.b[t * p.n + j];
        cmp(out[idx], s, 1e-3);
      }
    },
  },
  sigmoid: {
    ...sigmoidTask,
    label: (p) => `sigmoid as 1/(1+exp(-x)), ${elems(p.n)}`,
    expr: "full([], 1).div(x.neg().exp().add(1))",
  },
  sigmoidOp: {
    ...sigmoidTask,
    label: (p) => `sigmoid, the library's op, ${elems(p.n)}`,
    expr: "x.sigmoid()",
  },
  chain: {
    label: (p) => `tanh(a*b+c), ${elems(p.n)}`,
    expr: "a.mul(b).add(c).tanh()",
    work: (p) => ({ bytes: 4 * 4 * p.n }),
    probe: (p) => ({ n: Math.max(1024, p.n / 64) }),
    inputs: (p) => ({ a: randArray(p.n, 4), b: randArray(p.n, 5), c: randArray(p.n, 6), shape: [p.n] }),
    outLength: (p) => p.n,
    check(p, I, out, cmp) {
      for (const i of sampleIdx(p.n, 256, 97)) cmp(out[i], Math.tanh(I.a[i] * I.b[i] + I.c[i]), 1e-3);
    },
  },
  rowsum: {
    label: (p) => `row sum of ${p.rows}×${p.cols}`,
    expr: 'x.sum("col")',
    work: (p) => ({ bytes: 4 * p.rows * p.cols + 4 * p.rows }),
    probe: (p) => ({ rows: Math.max(16, p.rows / 64), cols: p.cols }),
    inputs: (p) => ({ x: randArray(p.rows * p.cols, 7), shape: [p.rows, p.cols] }),
    outLength: (p) => p.rows,
    check(p, I, out, cmp) {
      for (const r of sampleIdx(p.rows, 32, 96)) {
        let s = 0;
        for (let j = 0; j < p.cols; j++) s += I.x[r * p.cols + j];
        cmp(out[r], s, 1); // sums of values in [-1, 1) cancel: relative to max(|ref|, 1)
      }
    },
  },
  colsum: {
    label: (p) => `column sum of ${p.rows}×${p.cols} (over the rows)`,
    expr: 'x.sum("row")',
    work: (p) => ({ bytes: 4 * p.rows * p.cols + 4 * p.cols }),
    probe: (p) => ({ rows: Math.max(16, p.rows / 64), cols: p.cols }),
    inputs: (p) => ({ x: randArray(p.rows * p.cols, 7), shape: [p.rows, p.cols] }),
    outLength: (p) => p.cols,
    check(p, I, out, cmp) {
      for (const c of sampleIdx(p.cols, 32, 96)) {
        let s = 0;
        for (let r = 0; r < p.rows; r++) s += I.x[r * p.cols + c];
        cmp(out[c], s, 1);
      }
    },
  },
  softmax: {
    label: (p) => `softmax over the last of ${p.rows}×${p.cols}`,
    expr: 'x.softmax("col")',
    work: (p) => ({ bytes: 2 * 4 * p.rows * p.cols }),
    probe: (p) => ({ rows: Math.max(16, p.rows / 64), cols: p.cols }),
    inputs: (p) => ({ x: scale(randArray(p.rows * p.cols, 8), 4), shape: [p.rows, p.cols] }),
    outLength: (p) => p.rows * p.cols,
    check(p, I, out, cmp) {
      for (const r of sampleIdx(p.rows, 16, 95)) {
        const row = I.x.subarray(r * p.cols, (r + 1) * p.cols);
        let m = -Infinity;
        for (const v of row) m = Math.max(m, v);
        let s = 0;
        for (const v of row) s += Math.exp(v - m);
        for (const j of sampleIdx(p.cols, 16, 94 + r)) cmp(out[r * p.cols + j], Math.exp(row[j] - m) / s, 1e-3);
      }
    },
  },
  attention: {
    label: (p) => `attention b=${p.b} q=${p.q} k=${p.k} d=${p.d}`,
    expr: 'q.dot("d", k).softmax("key").dot("key", v)',
    work: (p) => ({ flops: 2 * (2 * p.b * p.q * p.k * p.d) }), // the two contractions; softmax not counted
    probe: (p) => ({ ...p, b: Math.max(1, p.b / 8) }),
    inputs: (p) => ({
      q: randArray(p.b * p.q * p.d, 9), k: randArray(p.b * p.k * p.d, 10), v: randArray(p.b * p.k * p.d, 11),
      qShape: [p.b, p.q, p.d], kShape: [p.b, p.k, p.d], vShape: [p.b, p.k, p.d],
    }),
    outLength: (p) => p.b * p.q * p.d,
    check(p, I, out, cmp) {
      const { b, q, k, d } = p;
      for (const idx of sampleIdx(b * q, 12, 93)) {
        const bb = Math.floor(idx / q), qi = idx % q;
        const sc = new Float64Array(k);
        let m = -Infinity;
        for (let kj = 0; kj < k; kj++) {
          let s = 0;
          for (let t = 0; t < d; t++) s += I.q[(bb * q + qi) * d + t] * I.k[(bb * k + kj) * d + t];
          sc[kj] = s;
          m = Math.max(m, s);
        }
        let tot = 0;
        for (let kj = 0; kj < k; kj++) tot += sc[kj] = Math.exp(sc[kj] - m);
        for (let t = 0; t < d; t++) {
          let o = 0;
          for (let kj = 0; kj < k; kj++) o += (sc[kj] / tot) * I.v[(bb * k + kj) * d + t];
          cmp(out[(bb * q + qi) * d + t], o, 1e-2);
        }
      }
    },
  },
  affine: {
    label: (p) => `x*2+1, ${p.n.toExponential().replace("e+", "e")} elements`,
    expr: "x.mul(2).add(1)",
    work: (p) => ({ bytes: 2 * 4 * p.n }),
    probe: (p) => p,
    inputs: (p) => ({ x: randArray(p.n, 13), shape: [p.n] }),
    outLength: (p) => p.n,
    check(p, I, out, cmp) {
      for (const i of sampleIdx(p.n, 256, 91)) cmp(out[i], I.x[i] * 2 + 1, 1e-3);
    },
  },
  // Training steps (bench/lib/small-models.mjs): one call runs `steps` steps; the output is the last loss,
  // checked only for being a finite, plausible cross-entropy (each library starts from its own weights).
  mlp: {
    label: (p) => `MLP 64→64→10 train step (batch 32, Adam), ${p.steps} steps a call`,
    expr: "opt.step(() => crossEntropy(linear(linear(x, W1, b1).relu(), W2, b2), y))",
    work: (p) => ({ steps: p.steps }),
    probe: (p) => p,
    inputs: () => ({}),
    outLength: () => 1,
    check(p, I, out, cmp) {
      cmp(out[0] > 0 && out[0] < 10 ? 0 : NaN, 0, 1);
    },
  },
  iris: {
    label: (p) => `iris MLP 4→16→3 train step (120 flowers, Adam), ${p.steps} steps a call`,
    expr: "examples/iris-mlp.ts: opt.step(() => crossEntropy(model(x), y, \"species\"))",
    work: (p) => ({ steps: p.steps }),
    probe: (p) => p,
    inputs: () => ({}),
    outLength: () => 1,
    check(p, I, out, cmp) {
      cmp(out[0] >= 0 && out[0] < 10 ? 0 : NaN, 0, 1);
    },
  },
  // y[b, oh, ow, o] = relu(bias[o] + Σ_{kh, kw, c} x[b, oh·s + kh - pad, ow·s + kw - pad, c] · w[kh, kw, c, o]), NHWC
  // with "same" padding (out = ceil(size / stride), the odd cell after); depthwise: c = o, the filter [kh, kw, c, 1].
  conv: {
    label: (p) => `${p.depthwise ? "depthwise " : ""}conv ${p.b}×${p.h}×${p.w}×${p.cin}→${p.cout} ${p.k}×${p.k}${p.stride > 1 ? ` stride ${p.stride}` : ""}, same, + bias + relu`,
    expr: 'conv(x, w, { channel: "c", window: { h: "kh", w: "kw" }, padding: "same" }).add(bias).relu()',
    work: (p) => ({ flops: 2 * p.b * convOut(p.h, p.stride) * convOut(p.w, p.stride) * p.cout * p.k * p.k * (p.depthwise ? 1 : p.cin) }),
    probe: (p) => p,
    inputs: (p) => ({
      x: randArray(p.b * p.h * p.w * p.cin, 13),
      filter: randArray(p.k * p.k * (p.depthwise ? p.cin : p.cin * p.cout), 14),
      bias: randArray(p.cout, 15),
    }),
    outLength: (p) => p.b * convOut(p.h, p.stride) * convOut(p.w, p.stride) * p.cout,
    check(p, I, out, cmp) {
      const [oh, ow] = [convOut(p.h, p.stride), convOut(p.w, p.stride)];
      const pad = (size, o) => Math.floor(Math.max(0, (o - 1) * p.stride + p.k - size) / 2);
      const [ph, pw] = [pad(p.h, oh), pad(p.w, ow)];
      for (const idx of sampleIdx(p.b * oh * ow * p.cout, 128, 93)) {
        const o = idx % p.cout, x0 = Math.floor(idx / p.cout) % ow, y0 = Math.floor(idx / (p.cout * ow)) % oh, b = Math.floor(idx / (p.cout * ow * oh));
        let s = I.bias[o];
        for (let kh = 0; kh < p.k; kh++)
          for (let kw = 0; kw < p.k; kw++) {
            const [i, j] = [y0 * p.stride + kh - ph, x0 * p.stride + kw - pw];
            if (i < 0 || i >= p.h || j < 0 || j >= p.w) continue;
            const at = ((b * p.h + i) * p.w + j) * p.cin;
            if (p.depthwise) s += I.x[at + o] * I.filter[(kh * p.k + kw) * p.cin + o];
            else for (let c = 0; c < p.cin; c++) s += I.x[at + c] * I.filter[((kh * p.k + kw) * p.cin + c) * p.cout + o];
          }
        cmp(out[idx], Math.max(0, s), 1e-2);
      }
    },
  },
  permute: {
    label: (p) => `permute ${p.shape.join("×")} → (2,0,1), materialised`,
    expr: 'x.transpose("c", "a", "b")',
    work: (p) => ({ bytes: 2 * 4 * prod(p.shape) }),
    probe: (p) => ({ shape: [Math.max(2, p.shape[0] / 8), p.shape[1], p.shape[2]] }),
    inputs: (p) => ({ x: randArray(prod(p.shape), 12), shape: p.shape, perm: [2, 0, 1] }),
    outLength: (p) => prod(p.shape),
    check(p, I, out, cmp) {
      const [A, B, C] = p.shape; // output [C, A, B]
      for (const o of sampleIdx(A * B * C, 256, 92)) {
        const c = Math.floor(o / (A * B)), a = Math.floor((o % (A * B)) / B), bI = o % B;
        cmp(out[o], I.x[(a * B + bI) * C + c], 1e-3);
      }
    },
  },
};

/**
 * Largest relative error of `out` against the float64 reference at sampled points; each comparison is
 * relative to max(|ref|, floor). Throws a loud error above `tol` (2e-3 by default) or on a wrong length.
 * @example checkOutput("matmul", { n: 4 }, inputsFor("matmul", { n: 4 }), out)
 */
export function checkOutput(kind, p, I, out, tol = 2e-3) {
  const K = KINDS[kind];
  if (!out || out.length !== K.outLength(p)) throw new Error(`CHECK FAILED: output has ${out?.length} values, expected ${K.outLength(p)}`);
  let maxErr = 0;
  K.check(p, I, out, (got, ref, floor) => {
    const e = Math.abs(got - ref) / Math.max(Math.abs(ref), floor);
    maxErr = Number.isNaN(e) ? Infinity : Math.max(maxErr, e);
  });
  if (!(maxErr <= tol)) throw new Error(`CHECK FAILED: max relative error ${maxErr.toExponential(2)} > ${tol} against the float64 reference`);
  return maxErr;
}

/** The throughput at `ms` per call: GFLOP/s for contractions, GB/s of minimum traffic otherwise. */
export function throughput(kind, p, ms) {
  const w = KINDS[kind].work(p);
  if (w.steps) return { value: (w.steps * 1000) / ms, unit: "steps/s" };
  return w.flops ? { value: w.flops / ms / 1e6, unit: "GFLOP/s" } : { value: w.bytes / ms / 1e6, unit: "GB/s" };
}

/** A number proportional to the run time, to extrapolate from the probe size. */
export function cost(kind, p) {
  const w = KINDS[kind].work(p);
  return w.flops ?? w.bytes ?? w.steps;
}

/** Inputs of a workload at a size, cached until `clearInputs()` (the full-size ones are up to 64 MB each). */
const cache = new Map();
export function inputsFor(kind, p) {
  const key = kind + JSON.stringify(p);
  if (!cache.has(key)) cache.set(key, KINDS[kind].inputs(p));
  return cache.get(key);
}
export function clearInputs() {
  cache.clear();
}

/** Deterministic values in [-1, 1) (xorshift32), identical for every library. */
export function randArray(n, seed = 1) {
  const out = new Float32Array(n);
  let s = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    out[i] = (s / 4294967296) * 2 - 1;
  }
  return out;
}

function scale(a, f) {
  for (let i = 0; i < a.length; i++) a[i] *= f;
  return a;
}
function sampleIdx(n, count, seed) {
  return Array.from(randArray(count, seed), (v) => Math.min(n - 1, Math.floor(((v + 1) / 2) * n)));
}
function elems(n) {
  return n >= MiB && n % MiB === 0 ? `${n / MiB}M` : String(n);
}
