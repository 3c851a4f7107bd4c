// A tiny static server for the browser test: serves the built library (dist/), the built examples
// (dist-examples/) and this folder's page from the repository root on 127.0.0.1 (a secure context, so
// navigator.gpu is exposed), with the cross-origin isolation headers that allow SharedArrayBuffer.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

const types = { ".html": "text/html", ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json", ".map": "application/json" };
const allowed = ["dist/", "dist-examples/", "test/browser/"];

/**
 * Serves `root` (only the allowed folders) on an ephemeral port of 127.0.0.1, cross-origin isolated unless
 * `isolated` is false.
 * @example const { url, close } = await serve(repoRoot); // url: "http://127.0.0.1:PORT/"
 */
export async function serve(root, { isolated = true } = {}) {
  const server = http.createServer((req, res) => {
    const rel = path.posix.normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^\/+/, "");
    const file = path.join(root, rel);
    if (!allowed.some((a) => rel.startsWith(a)) || !file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      "content-type": types[path.extname(file)] ?? "application/octet-stream",
      ...(isolated ? { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" } : {}),
      "cache-control": "no-store",
    });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}
