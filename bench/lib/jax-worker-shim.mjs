// Benchmark layer (bench/ only). EXPERIMENTAL, ours (from shared/research/peers-bench): lets @jax-js/jax use
// its multi-threaded Wasm worker pool under Node 20. jax-js starts workers only when a global *web* Worker
// exists; Node 20 has worker_threads but no global Worker, so out of the box jax-js is single-threaded here.
// This maps `new Worker(blobURL)` onto worker_threads (eval of the blob's source plus a small self/postMessage
// prelude) and sets navigator.hardwareConcurrency (jax-js sizes its pool from it). It replaces globals
// (Worker, Blob, URL.createObjectURL, navigator), which is why the column that uses it runs in its own process.
import { Worker as NodeWorker } from "node:worker_threads";

/** Workers started through the shim so far (the report checks the pool really started). */
export const shimStats = { workers: 0 };

/**
 * Installs the shim for a pool of `threads` workers. Call it BEFORE importing @jax-js/jax.
 * @example installJaxWorkerShim(2); const jax = await import("@jax-js/jax");
 */
export function installJaxWorkerShim(threads) {
  const srcByUrl = new Map();
  const OrigBlob = globalThis.Blob;
  globalThis.Blob = class SrcBlob extends OrigBlob {
    constructor(parts = [], opts) {
      super(parts, opts);
      this.__src = parts.map(String).join("");
    }
  };
  const origCreate = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (blob) => {
    const u = origCreate(blob);
    if (blob && blob.__src != null) srcByUrl.set(u, blob.__src);
    return u;
  };
  const PRELUDE = `const { parentPort } = require("node:worker_threads");
globalThis.self = globalThis;
globalThis.postMessage = (m) => parentPort.postMessage(m);
parentPort.on("message", (data) => { if (self.onmessage) self.onmessage({ data }); });
`;
  globalThis.Worker = class NodeWebWorker {
    constructor(url) {
      const src = srcByUrl.get(String(url));
      if (src == null) throw new Error("jax-worker-shim: unknown worker URL " + url);
      this.onmessage = null;
      this.onerror = null;
      this._w = new NodeWorker(PRELUDE + src, { eval: true });
      this._w.on("message", (data) => this.onmessage && this.onmessage({ data }));
      this._w.on("error", (e) => this.onerror && this.onerror(e));
      shimStats.workers++;
    }
    postMessage(m) {
      this._w.postMessage(m);
    }
    terminate() {
      return this._w.terminate();
    }
  };
  if (typeof globalThis.navigator === "undefined") globalThis.navigator = { hardwareConcurrency: threads };
  else Object.defineProperty(globalThis.navigator, "hardwareConcurrency", { value: threads, configurable: true });
}
