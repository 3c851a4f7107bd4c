// Runs in headless Chromium (test/browser/run.mjs drives it): the library from dist/ on navigator.gpu, checked
// against the same computations on the CPU device of the same page. Posts { ok, checks, adapter } to
// window.__result; every check compares all values with a tolerance and records its worst error.
const results = { ok: false, checks: [], adapter: "", error: "" };

function compare(name, got, want, rtol, atol) {
  let worst = 0;
  let bad = -1;
  for (let i = 0; i < want.length; i++) {
    const [x, y] = [got[i], want[i]];
    const err = Math.abs(x - y);
    if (!(err <= atol + rtol * Math.abs(y))) bad = bad < 0 ? i : bad;
    worst = Math.max(worst, err);
  }
  const ok = got.length === want.length && bad < 0 && want.length > 0;
  results.checks.push({ name, ok, n: want.length, worst, ...(bad >= 0 ? { at: bad, got: got[bad], want: want[bad] } : {}) });
}

try {
  if (!navigator.gpu) throw new Error("navigator.gpu is missing");
  const lib = await import("/dist/index.js");
  const { tensor, setDevice, getDevice, randn } = lib;

  // 1. A fused expression: softmax of a scaled contraction plus bias, with a gelu, over odd sizes.
  const data = (n, seed) => Float32Array.from({ length: n }, (_, i) => Math.sin(i * 12.9898 + seed) * 0.5);
  const fused = (on) => {
    const x = tensor(data(37 * 29, 1), [["row", 37], ["k", 29]]);
    const w = tensor(data(29 * 41, 2), [["k", 29], ["col", 41]]);
    const b = tensor(data(41, 3), [["col", 41]]);
    return x.dot("k", w).mul(0.5).add(b).gelu().softmax("col").sum("row");
  };
  await setDevice("cpu");
  const wantFused = await fused().data();
  const gpu = await getDevice("webgpu");
  results.adapter = gpu.adapter;
  await setDevice("webgpu");
  const y = fused();
  if (y.device !== "webgpu") throw new Error(`the fused expression ran on ${y.device}`);
  compare("fused dot·scale+bias, gelu, softmax, sum", await y.data(), wantFused, 1e-5, 1e-6);
  compare("randn on webgpu equals randn on the CPU", await randn([["a", 64]], { seed: 5 }).data(), await (async () => {
    await setDevice("cpu");
    const v = await randn([["a", 64]], { seed: 5 }).data();
    await setDevice("webgpu");
    return v;
  })(), 1e-5, 1e-6);

  // 2. The attention example (dist-examples), batch 3, seqlen 5, hidden 7: on the CPU, then on WebGPU.
  const ex = await import("/dist-examples/examples/attention.js");
  const exLib = await import("/dist-examples/src/index.js");
  const run = async (device) => {
    await exLib.setDevice(device);
    const params = ex.randomParams(7, 0);
    const Y = exLib.randn([["batch", 3], ["seqlen", 5], ["inhid", 7]], { seed: 10 }).mask("batch");
    const ht = exLib.randn([["batch", 3], ["inhid", 7]], { seed: 11 }).mask("batch");
    const rt1 = exLib.randn([["batch", 3], ["inhid", 7]], { seed: 12 }).mask("batch");
    const { rt, at } = ex.attention(params, Y, ht, rt1);
    return { rt: await rt.data(), at: await at.data(), device: rt.device };
  };
  const cpu = await run("cpu");
  const web = await run("webgpu");
  if (web.device !== "webgpu") throw new Error(`attention ran on ${web.device}`);
  compare("attention r_t", web.rt, cpu.rt, 1e-5, 1e-6);
  compare("attention α_t", web.at, cpu.at, 1e-5, 1e-6);
  compare("attention α_t rows sum to 1", Array.from({ length: 3 }, (_, b) => web.at.slice(b * 5, b * 5 + 5).reduce((s, v) => s + v, 0)), [1, 1, 1], 1e-5, 1e-5);

  // 3. The CPU device on all cores: this page is cross-origin isolated (serve.mjs sends the headers), so the
  // CPU device's kernels split across Web Workers sharing its Wasm memory. Wait for the workers to join, then
  // check a split elementwise kernel and a split matrix product against plain JavaScript.
  results.crossOriginIsolated = globalThis.crossOriginIsolated;
  await setDevice("cpu");
  const cpuDevice = await getDevice("cpu");
  const want = Math.min(16, navigator.hardwareConcurrency);
  await tensor([1], [["i", 1]]).add(1).data(); // starts the pool
  for (let i = 0; i < 200 && cpuDevice.threads < want; i++) await new Promise((r) => setTimeout(r, 25));
  results.threads = cpuDevice.threads;
  if (want > 1 && cpuDevice.threads !== want) throw new Error(`the CPU device has ${cpuDevice.threads} threads, not ${want}`);
  // Split from the first element: the thresholds measured for Node (executor.ts) would keep these sizes on one
  // thread, and this check is about the workers computing their shares right.
  Object.assign(cpuDevice.executor.split, { map: 1, contraction: 1 });
  const splitsBefore = cpuDevice.executor.pool?.splits ?? 0;
  const n = 1 << 22;
  const big = data(n, 4);
  compare("CPU on Web Workers: x·2+1 over 4M elements", await tensor(big, [["i", n]]).mul(2).add(1).data(), big.map((v) => 2 * v + 1), 1e-6, 1e-6);
  const m = 256;
  const a = data(m * m, 5);
  const bm = data(m * m, 6);
  const prod = new Float32Array(m * m);
  for (let i = 0; i < m; i++) for (let k = 0; k < m; k++) for (let j = 0; j < m; j++) prod[i * m + j] += a[i * m + k] * bm[k * m + j];
  const got = await tensor(a, [["i", m], ["k", m]]).dot("k", tensor(bm, [["k", m], ["j", m]])).data();
  compare("CPU on Web Workers: matmul 256³", got, prod, 1e-4, 1e-4);
  const splits = (cpuDevice.executor.pool?.splits ?? 0) - splitsBefore;
  results.checks.push({ name: "CPU kernels split across Web Workers", ok: want === 1 || splits >= 2, n: splits, worst: 0 });
  results.ok = results.checks.every((c) => c.ok);
} catch (e) {
  results.error = `${e?.name}: ${e?.message}\n${e?.stack ?? ""}`;
}
document.getElementById("log").textContent = JSON.stringify(results, null, 2);
window.__result = results;
