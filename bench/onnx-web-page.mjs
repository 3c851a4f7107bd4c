// Runs in headless Chromium (bench/onnx-web-browser.mjs drives it): onnxruntime-web's WebGPU execution provider
// and our WebGPU device on the same page, the same model and input: an imported PaddleOCR model and the conv net
// exported by toOnnx. Each side: one warm-up run, then the median of `runs`; outputs compared. Posts the rows (or
// the error each side raised, verbatim) to window.__result.
const params = new URLSearchParams(location.search);
const runs = Number(params.get("runs") ?? 3);
const out = { adapter: "", rows: [], errors: [] };
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const maxDiff = (a, b) => Array.from(a).reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);
async function time(f) {
  const first = await f();
  const ts = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    await f();
    ts.push(performance.now() - t);
  }
  return { value: first, ms: median(ts) };
}
async function side(what, f) {
  try {
    return await time(f);
  } catch (e) {
    out.errors.push(`${what}: ${e?.message ?? e}`);
    return undefined;
  }
}
try {
  const ort = await import("/ortweb/ort.webgpu.min.mjs");
  ort.env.wasm.wasmPaths = "/ortweb/";
  const nt = { ...(await import("/dist/index.js")), ...(await import("/dist/onnx/index.js")) };
  const gpu = await nt.getDevice("webgpu");
  out.adapter = gpu.adapter;
  await nt.setDevice("webgpu");
  let seed = 3;
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  const cases = [
    ["mobile v2.0 angle classifier (imported)", "/models/ch_ppocr_mobile_v2.0_cls_infer.onnx", [1, 3, 48, 64]],
    ["PP-OCRv4 recognition (imported)", "/models/ch_PP-OCRv4_rec_infer.onnx", [1, 3, 48, 64]],
  ];
  for (const [what, url, shape] of cases) {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const data = Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, random);
    const theirs = await side(`ORT-web webgpu, ${what}`, async () => {
      const session = (side.sessions ??= new Map()).get(url) ?? (await ort.InferenceSession.create(bytes, { executionProviders: ["webgpu"] }));
      side.sessions.set(url, session);
      return Object.values(await session.run({ x: new ort.Tensor("float32", data, shape) }))[0].data;
    });
    const model = await nt.fromOnnx(bytes, { names: { x: ["batch", "channel", "height", "width"] } });
    const x = nt.tensor(data, [["batch", shape[0]], ["channel", shape[1]], ["height", shape[2]], ["width", shape[3]]]);
    const ours = await side(`ours webgpu, ${what}`, async () => Object.values(model.run({ x }))[0].data());
    out.rows.push({ what, input: shape.join("×"), ours: ours?.ms, theirs: theirs?.ms, diff: ours && theirs ? maxDiff(ours.value, theirs.value) : undefined });
  }
  // The conv net exported by toOnnx (same net as bench/lib/conv-net.mjs, inlined: the page loads no bench files).
  const window2 = { height: "kh", width: "kw" };
  const k1 = nt.variable(nt.randn([["filters", 8], ["channels", 1], ["kh", 3], ["kw", 3]], { seed: 1 }).mul(0.4));
  const k2 = nt.variable(nt.randn([["maps", 16], ["filters", 8], ["kh", 3], ["kw", 3]], { seed: 3 }).mul(0.15));
  const net = (x) => {
    const h1 = nt.maxPool(nt.conv(x, k1, { channel: "channels", window: window2, padding: "same" }).relu(), { window: { height: 2, width: 2 } });
    const h2 = nt.maxPool(nt.conv(h1, k2, { channel: "filters", window: window2, padding: 1 }).relu(), { window: { height: 2, width: 2 } });
    return h2.sum(["height", "width"]);
  };
  const n = 16;
  const data = Float32Array.from({ length: n * 28 * 28 }, random);
  const x = nt.placeholder([["image", n], ["channels", 1], ["height", 28], ["width", 28]]);
  x.feedValues(data);
  const bytes = await nt.toOnnx({ y: net(x) }, { images: x }, { dynamic: ["image"] });
  const theirs = await side("ORT-web webgpu, exported conv net", async () => {
    side.net ??= await ort.InferenceSession.create(bytes, { executionProviders: ["webgpu"] });
    return (await side.net.run({ images: new ort.Tensor("float32", data, [n, 1, 28, 28]) })).y.data;
  });
  const ours = await side("ours webgpu, exported conv net", async () => net(x).data());
  out.rows.push({ what: "conv net (exported)", input: `${n}×1×28×28`, ours: ours?.ms, theirs: theirs?.ms, diff: ours && theirs ? maxDiff(ours.value, theirs.value) : undefined });
} catch (e) {
  out.errors.push(`page: ${e?.stack ?? e}`);
}
window.__result = out;
