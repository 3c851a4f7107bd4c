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
  results.ok = results.checks.every((c) => c.ok);
} catch (e) {
  results.error = `${e?.name}: ${e?.message}\n${e?.stack ?? ""}`;
}
document.getElementById("log").textContent = JSON.stringify(results, null, 2);
window.__result = results;
