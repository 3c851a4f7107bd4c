// The browser test: builds the examples (dist/ must be built: node scripts/build.mjs), serves the page from
// 127.0.0.1 and opens it in Debian's headless Chromium through playwright-core (no browser download) with
// WebGPU enabled; the page runs a fused expression and the attention example on navigator.gpu and compares them
// with the CPU device; checks the CPU device splits kernels across Web Workers on the cross-origin isolated page
// and runs on one thread, saying why once, on a page served without isolation. Exits non-zero on any failed
// check, on a missing adapter, or a missing browser.
//   node test/browser/run.mjs            (CHROMIUM=/path/to/chromium to use another binary)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "./serve.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const fail = (message) => {
  console.error(`browser test FAILED: ${message}`);
  process.exit(1);
};
if (!fs.existsSync(path.join(root, "dist/index.js"))) fail("dist/ is not built (node scripts/build.mjs)");
if (!fs.existsSync(executablePath)) fail(`no Chromium at ${executablePath} (apt-get install chromium, or set CHROMIUM)`);
execFileSync(process.execPath, [path.join(root, "node_modules/typescript7/bin/tsc"), "-p", path.join(root, "tsconfig.examples.json")], { stdio: "inherit" });

const { url, close } = await serve(root);
const plainServer = await serve(root, { isolated: false });
const args = [
  "--headless=new", "--no-sandbox", "--disable-gpu-sandbox", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run", "--disable-quic", "--disable-dev-shm-usage", "--enable-unsafe-webgpu",
];
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nt-browser-"));
const context = await chromium.launchPersistentContext(userDataDir, { executablePath, headless: true, args, timeout: 120_000 });
let result;
const logs = [];
try {
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("console", (m) => logs.push(`[${m.type()}] ${m.text()}`));
  page.on("requestfailed", (r) => logs.push(`[requestfailed] ${r.url()}`));
  page.on("pageerror", (e) => logs.push(`[pageerror] ${e.message}`));
  await page.goto(`${url}test/browser/page.html`);
  await page.waitForFunction(() => window.__result !== undefined, null, { timeout: 300_000 });
  result = await page.evaluate(() => window.__result);
  // The same library on a page that is not cross-origin isolated: one thread, and one console note saying why.
  const plainPage = await context.newPage();
  const notes = [];
  plainPage.on("console", (m) => m.text().includes("cross-origin isolated") && notes.push(m.text()));
  await plainPage.goto(`${plainServer.url}test/browser/plain.html`);
  await plainPage.waitForFunction(() => window.__result !== undefined, null, { timeout: 120_000 });
  const plain = await plainPage.evaluate(() => window.__result);
  const ok = plain.ok && plain.crossOriginIsolated === false && plain.threads === 1 && notes.length === 1;
  result.checks.push({ name: `not isolated: one thread (${plain.threads}), values right (worst ${plain.worst}), ${notes.length} note(s)${plain.error ? `: ${plain.error}` : ""}`, ok, n: 1 << 20, worst: plain.worst ?? NaN });
  result.ok &&= ok;
} finally {
  await context.close();
  await close();
  await plainServer.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
console.log(`adapter: ${result.adapter || "(none)"}; CPU threads on the isolated page: ${result.threads}`);
for (const c of result.checks) console.log(`${c.ok ? "ok  " : "FAIL"}  ${c.name}: ${c.n} values, worst |error| ${c.worst.toExponential(2)}${c.ok ? "" : ` (first bad at ${c.at}: ${c.got} vs ${c.want})`}`);
if (!result.ok) {
  for (const l of logs) console.error(l);
  fail(result.error || "a check failed");
}
console.log(`browser test passed (${result.checks.length} checks)`);
