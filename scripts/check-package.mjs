// The package as users get it (the packed tarball, installed into a scratch app): publint and
// @arethetypeswrong/cli; require() from CommonJS (run, and type-checked with TS 6 under module nodenext); the app
// of test/package/ bundled with esbuild, Vite and webpack (production, tree-shaking on) for Node and for the
// browser, run in Node and in headless Chromium (cross-origin isolated, as test/browser) with its numbers
// checked against float64 JavaScript; the bundle-size budget (test/package/size-budget.json; minified + gzip of
// the whole library and of a one-op entry, esbuild); and the app plus a short training loop in Deno and Bun,
// installed from the tarball (WebGPU too: Deno's built-in navigator.gpu, Bun through the webpack package's Dawn).
// The tools come from tools/ (npm ci --prefix tools).
//   node scripts/check-package.mjs [--no-build] [--only=lint,cjs,tsmin,bundle,size,deno,bun] [--record-size]
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith("--only="))?.slice(7).split(",");
const want = (stage) => !only || only.includes(stage);
const bin = (name) => path.join(root, "tools/node_modules/.bin", name);
if (!fs.existsSync(bin("esbuild"))) {
  console.error("✖ the tools are not installed: npm ci --prefix tools");
  process.exit(1);
}
let failures = 0;
const fail = (message) => {
  failures++;
  // long lines (a minified bundle in a stack trace) cut to 300 characters
  console.log(`✖ ${String(message).split("\n").map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l)).join("\n")}`);
};
const ok = (message) => console.log(`✔ ${message}`);
const sh = (cmd, argv, options = {}) => {
  const r = spawnSync(cmd, argv, { encoding: "utf8", maxBuffer: 64 << 20, ...options });
  return { code: r.status ?? 1, out: `${r.stdout ?? ""}${r.stderr ?? ""}${r.error ? String(r.error) : ""}` };
};
const step = (name, cmd, argv, options) => {
  const t = Date.now();
  const r = sh(cmd, argv, options);
  if (r.code === 0) ok(`${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  else fail(`${name}\n${r.out.trim().split("\n").slice(-30).join("\n")}`);
  return r;
};

if (!args.includes("--no-build")) execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "named-tensor-package-"));
process.on("exit", () => fs.rmSync(tmp, { recursive: true, force: true }));
const tarball = path.join(tmp, execFileSync("npm", ["pack", "--silent", "--pack-destination", tmp], { cwd: root, encoding: "utf8" }).trim().split("\n").pop());
console.log(`packed ${path.basename(tarball)} (${(fs.statSync(tarball).size / 1024).toFixed(0)} kB)`);

// 1. Package linters.
if (want("lint")) {
  step("publint --strict: clean", bin("publint"), ["--strict"], { cwd: root });
  // require() of this ESM-only package works on the Node versions of "engines" (>= 20.19: require(esm), no
  // top-level await in the build), which attw's bundled TypeScript 5.6 does not model: that one rule is off,
  // and the `cjs` stage below runs require() and type-checks it with TS 6 instead.
  step("@arethetypeswrong/cli: clean (cjs-resolves-to-esm aside, tested below)", bin("attw"), [tarball, "--ignore-rules", "cjs-resolves-to-esm", "--format", "table-flipped"]);
}

// The scratch app: the tarball installed (offline, like scripts/check-consumer.sh) with the app's sources.
const app = path.join(tmp, "app");
fs.mkdirSync(app);
fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
for (const f of fs.readdirSync(path.join(root, "test/package"))) fs.copyFileSync(path.join(root, "test/package", f), path.join(app, f));
const install = sh("npm", ["install", "--offline", "--no-audit", "--no-fund", "--no-save", "--loglevel=error", tarball], { cwd: app });
if (install.code !== 0) {
  fail(`installing the tarball\n${install.out}`);
  process.exit(1);
}
// the optional peer "webgpu" (Dawn for Node and Bun), as the root's devDependency installed it
fs.symlinkSync(path.join(root, "node_modules/webgpu"), path.join(app, "node_modules/webgpu"), "dir");

// 2. CommonJS.
if (want("cjs")) {
  step("require() from CommonJS, run", process.execPath, ["require.cjs"], { cwd: app });
  fs.writeFileSync(path.join(app, "tsconfig.cjs.json"), JSON.stringify({ compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, skipLibCheck: false, types: [] }, files: ["require-types.cts"] }));
  step("require() types (TS 6, module nodenext, .cts)", process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.cjs.json", "--pretty", "false"], { cwd: app });
}

// 2b. The lowest TypeScript the types work with (README, package.json's optional peer "typescript"): the
// consumer program of type-tests/consumer/ type-checks with TS 5.1 (skipLibCheck on, as `tsc --init` sets it: the
// .d.ts names WebGPU's DOM types, which TS 5.1's lib lacks), and with TS 5.0 it does not (so 5.1 is the floor).
if (want("tsmin")) {
  const dir = path.join(tmp, "tsmin");
  fs.cpSync(path.join(root, "type-tests/consumer"), dir, { recursive: true });
  fs.symlinkSync(path.join(app, "node_modules"), path.join(dir, "node_modules"), "dir");
  const tsc = (v) => [path.join(root, `tools/node_modules/typescript-${v}/bin/tsc`), "-p", ".", "--noEmit", "--pretty", "false"];
  step("TypeScript 5.1 (the lowest declared): the consumer type-checks", process.execPath, tsc("5.1"), { cwd: dir });
  const r = sh(process.execPath, tsc("5.0"), { cwd: dir });
  if (r.code !== 0) ok("TypeScript 5.0 rejects the consumer (5.1 is the floor)");
  else fail("TypeScript 5.0 now type-checks the consumer: lower the declared floor (README, package.json peerDependencies.typescript)");
}

// 3. Bundlers, Node and Chromium; 4. the size budget.
const tools = want("bundle") || want("size") ? await import(pathToFileURL(path.join(root, "tools/index.mjs")).href) : undefined;
const out = path.join(app, "out");
const bundles = []; // { name, kind: "node" | "browser", file }
async function time(name, f) {
  const t = Date.now();
  try {
    await f();
    ok(`${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    return true;
  } catch (e) {
    fail(`${name}: ${e?.stack ?? e}`);
    return false;
  }
}
if (want("bundle")) {
  const { esbuild, vite, webpack } = tools;
  for (const kind of ["node", "browser"]) {
    const entry = path.join(app, `${kind}-main.mjs`);
    const file = path.join(out, `esbuild-${kind}`, "main.mjs");
    if (await time(`esbuild, ${kind}, minified`, () => esbuild.build({ entryPoints: [entry], bundle: true, minify: true, format: "esm", platform: kind, target: "es2022", outfile: file, logLevel: "error", absWorkingDir: app })))
      bundles.push({ name: `esbuild ${kind}`, kind, file });
  }
  const viteBase = { root: app, logLevel: "error", configFile: false };
  const viteNode = path.join(out, "vite-node");
  if (await time("Vite (rolldown), node (ssr, everything bundled)", () => vite.build({ ...viteBase, ssr: { noExternal: true, target: "node" }, build: { ssr: path.join(app, "node-main.mjs"), outDir: viteNode, emptyOutDir: true, target: "es2022", rollupOptions: { output: { entryFileNames: "main.mjs" } } } })))
    bundles.push({ name: "Vite node", kind: "node", file: path.join(viteNode, "main.mjs") });
  fs.writeFileSync(path.join(app, "index.html"), `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="./browser-main.mjs"></script>`);
  const viteWeb = path.join(out, "vite-browser");
  if (await time("Vite (rolldown), browser", () => vite.build({ ...viteBase, base: "./", build: { outDir: viteWeb, emptyOutDir: true, target: "es2022" } })))
    bundles.push({ name: "Vite browser", kind: "browser", file: path.join(viteWeb, "index.html") });
  const pack = (config) => new Promise((resolve, reject) => webpack({ mode: "production", context: app, ...config }, (err, stats) => (err || stats.hasErrors() ? reject(err ?? new Error(stats.toString({ all: false, errors: true }))) : resolve(stats))));
  for (const kind of ["node", "browser"]) {
    const dir = path.join(out, `webpack-${kind}`);
    const config = {
      entry: path.join(app, `${kind}-main.mjs`),
      target: kind === "node" ? "node20" : "web",
      experiments: { outputModule: true },
      output: { path: dir, filename: "main.mjs", module: true, chunkFormat: "module" },
      performance: { hints: false },
      // the optional "webgpu" package is imported by a computed name (src/backend/webgpu/gpu.ts) on purpose
      ignoreWarnings: [/Critical dependency: the request of a dependency is an expression/],
    };
    if (await time(`webpack, ${kind}, production`, () => pack(config))) bundles.push({ name: `webpack ${kind}`, kind, file: path.join(dir, "main.mjs") });
  }
  for (const b of bundles.filter((x) => x.kind === "node")) {
    const r = sh(process.execPath, [b.file], { cwd: path.dirname(b.file) });
    if (r.code === 0 && /app: ok/.test(r.out)) ok(`${b.name} bundle runs in Node, numbers checked: ${r.out.trim().split("\n").length - 1} checks`);
    else fail(`${b.name} bundle in Node\n${r.out}`);
  }
  const pages = bundles.filter((x) => x.kind === "browser");
  if (pages.length) await inChromium(pages);
}
if (want("size")) await sizeBudget();

// 5. Deno and Bun, from the installed package (no bundling): the app on the CPU and on WebGPU.
for (const [runtime, argv] of [["deno", ["run", "--allow-all", "node-main.mjs"]], ["bun", ["node-main.mjs"]]]) {
  if (!want(runtime)) continue;
  const version = `${runtime} ${sh(bin(runtime), ["--version"]).out.trim().split("\n")[0].replace(/^deno /, "").replace(/ \(.*$/, "")}`;
  for (const device of ["cpu", "webgpu"]) {
    const t = Date.now();
    const r = sh(bin(runtime), [...argv, device], { cwd: app, env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" }, timeout: 240_000 });
    if (r.code === 0 && r.out.includes(`app: ok on ${device}`)) ok(`${version}: smoke + training loop on ${device}, ${r.out.split("\n").filter((l) => l.startsWith("ok")).length} checks (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    else fail(`${version}: the app on ${device}\n${r.out.trim().split("\n").slice(-25).join("\n")}`);
  }
}

async function inChromium(pages) {
  const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
  if (!fs.existsSync(executablePath)) return fail(`no Chromium at ${executablePath} for the browser bundles`);
  const { chromium } = await import(pathToFileURL(path.join(root, "node_modules/playwright-core/index.mjs")).href);
  const server = http.createServer((req, res) => {
    const rel = path.posix.normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^\/+/, "");
    const file = path.join(out, rel);
    if (!file.startsWith(out) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return res.writeHead(404).end();
    const type = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript" }[path.extname(file)] ?? "application/octet-stream";
    res.writeHead(200, { "content-type": type, "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp", "cache-control": "no-store" });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}/`;
  for (const p of pages) {
    if (p.file.endsWith(".mjs")) fs.writeFileSync(path.join(path.dirname(p.file), "index.html"), `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="./main.mjs"></script>`);
  }
  const userDataDir = fs.mkdtempSync(path.join(tmp, "chromium-"));
  const flags = ["--headless=new", "--no-sandbox", "--disable-gpu-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic", "--disable-dev-shm-usage", "--enable-unsafe-webgpu"];
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath, headless: true, args: flags, timeout: 120_000 });
  try {
    for (const p of pages) {
      // every bundle on the CPU; the esbuild one on navigator.gpu too
      for (const device of p.name.startsWith("esbuild") ? ["cpu", "webgpu"] : ["cpu"]) {
        const page = await context.newPage();
        const logs = [];
        page.on("pageerror", (e) => logs.push(`[pageerror] ${e.message}`));
        page.on("console", (m) => m.type() === "error" && logs.push(`[console] ${m.text()}`));
        const rel = path.relative(out, path.dirname(p.file)).split(path.sep).join("/");
        try {
          await page.goto(`${base}${rel}/index.html?device=${device}`);
          await page.waitForFunction(() => window.__result !== undefined, null, { timeout: 180_000 });
          const r = await page.evaluate(() => ({ ...window.__result, isolated: globalThis.crossOriginIsolated }));
          if (r.ok && r.isolated) ok(`${p.name} bundle runs in headless Chromium on ${device} (cross-origin isolated), numbers checked: ${r.checks.length} checks`);
          else fail(`${p.name} bundle in Chromium on ${device}: ${r.error ?? ""} isolated=${r.isolated}\n${r.checks.map((c) => `  ${c.ok ? "ok" : "FAIL"} ${c.name} worst ${c.worst}`).join("\n")}\n${logs.join("\n")}`);
        } catch (e) {
          fail(`${p.name} bundle in Chromium on ${device}: ${e.message}\n${logs.join("\n")}`);
        } finally {
          await page.close();
        }
      }
    }
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function sizeBudget() {
  const { esbuild } = tools;
  const budgetFile = path.join(root, "test/package/size-budget.json");
  const budget = JSON.parse(fs.readFileSync(budgetFile, "utf8"));
  const measured = {};
  for (const entry of ["whole", "one-op"]) {
    const r = await esbuild.build({ entryPoints: [path.join(app, `${entry}.mjs`)], bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", write: false, absWorkingDir: app, logLevel: "error" });
    const code = r.outputFiles[0].contents;
    measured[entry] = { minified: code.length, gzip: zlib.gzipSync(code, { level: 9 }).length };
  }
  if (args.includes("--record-size")) {
    for (const [k, v] of Object.entries(measured)) budget[k] = { minified: Math.ceil((v.minified * 1.1) / 1024) * 1024, gzip: Math.ceil((v.gzip * 1.1) / 1024) * 1024 };
    fs.writeFileSync(budgetFile, `${JSON.stringify(budget, null, 2)}\n`);
  }
  for (const [k, v] of Object.entries(measured)) {
    const b = budget[k];
    const line = `bundle size, ${k === "whole" ? "whole library" : "one-op entry"}: ${(v.minified / 1024).toFixed(1)} kB minified, ${(v.gzip / 1024).toFixed(1)} kB gzip (budget ${b.minified / 1024} / ${b.gzip / 1024} kB)`;
    if (v.minified <= b.minified && v.gzip <= b.gzip) ok(line);
    else fail(`${line}: over budget (raise test/package/size-budget.json only with a reason in bench/RESULTS.md)`);
  }
}

console.log(failures ? `package checks: ${failures} failed` : "package checks: all passed");
process.exit(failures ? 1 : 0);
