// Benchmark layer (bench/ only). @jax-js/jax workloads on its "wasm" device (kernels generated as WebAssembly
// at run time; jit fuses): `makeJaxLib({ id, threads })` gives a bench/libs module. threads > 1 installs our
// experimental Worker shim first (lib/jax-worker-shim.mjs). jax-js ops are lazy: each timed call ends with
// `await y.blockUntilReady()`, and reading is `await y.data()`. Peers are bench/ dependencies only.
import fs from "node:fs";
import path from "node:path";
import { BENCH_DIR } from "./runner.mjs";

/**
 * A library module for jax-js on its wasm device with `threads` workers (1: no workers, as in plain Node 20).
 * @example export default makeJaxLib({ id: "jax-wasm", threads: 1 })
 */
export function makeJaxLib({ id, label, threads, order = 30, isolate }) {
  let np, nn, jit, shim;
  const arr = (data, shape) => np.array(data).reshape(shape);
  /** f consumes its arguments (jax-js ownership), so each call gets new references (.ref) to the inputs. */
  function handle(variant, f, inputs) {
    let last = null;
    return {
      variant,
      async compute() {
        last?.dispose();
        last = f(...inputs.map((a) => a.ref));
        await last.blockUntilReady();
      },
      read: () => last.ref.data(),
      dispose() {
        last?.dispose();
        last = null;
        for (const a of inputs) a.dispose();
      },
    };
  }
  return {
    id, label: label ?? id, order, threads, isolate,
    async setup() {
      if (threads > 1) {
        shim = await import("./jax-worker-shim.mjs");
        shim.installJaxWorkerShim(threads);
      }
      const jax = await import("@jax-js/jax");
      ({ numpy: np, nn, jit } = jax);
      // init() with no argument probes WebGPU and throws "navigator is not defined" in Node: ask for wasm.
      const devices = await jax.init("wasm");
      jax.defaultDevice("wasm");
      const notes = [`devices in Node: ${devices.join(", ")}`];
      if (threads > 1) {
        // Run one op so the pool starts, and check it did (the shim counts the workers it made).
        const t = np.array(new Float32Array(1 << 16)).add(1);
        await t.blockUntilReady();
        t.dispose();
        if (shim.shimStats.workers === 0) throw new Error("the worker shim is installed but jax-js started no workers");
        notes.push(`${shim.shimStats.workers} web workers on worker_threads via lib/jax-worker-shim.mjs (experimental; not what a user gets out of the box)`);
      } else notes.push("no workers (Node 20 has no global web Worker)");
      return { version: `@jax-js/jax ${pkgVersion("@jax-js/jax")} device "wasm"`, notes };
    },
    impls: {
      async matmul(I) {
        return handle("np.matmul(a, b)", (a, b) => np.matmul(a, b), [arr(I.a, I.aShape), arr(I.b, I.bShape)]);
      },
      async sigmoid(I) {
        return handle("jit(x => np.reciprocal(np.exp(np.negative(x)).add(1)))", jit((x) => np.reciprocal(np.exp(np.negative(x)).add(1))), [arr(I.x, I.shape)]);
      },
      async sigmoidOp(I) {
        return handle("jit(nn.sigmoid)", jit((x) => nn.sigmoid(x)), [arr(I.x, I.shape)]);
      },
      async chain(I) {
        return handle("jit((a, b, c) => np.tanh(a.mul(b).add(c)))", jit((a, b, c) => np.tanh(a.mul(b).add(c))), [arr(I.a, I.shape), arr(I.b, I.shape), arr(I.c, I.shape)]);
      },
      async rowsum(I) {
        return handle("np.sum(x, -1)", (x) => np.sum(x, -1), [arr(I.x, I.shape)]);
      },
      async colsum(I) {
        return handle("np.sum(x, 0)", (x) => np.sum(x, 0), [arr(I.x, I.shape)]);
      },
      async softmax(I) {
        return handle("jit(x => nn.softmax(x, -1))", jit((x) => nn.softmax(x, -1)), [arr(I.x, I.shape)]);
      },
      async attention(I) {
        // The sublist form: np.einsum("bqd,bkd->bqk", ...) throws on Node 20 (its parser uses ES2025 iterator helpers).
        const f = (q, k, v) => np.einsum(nn.softmax(np.einsum(q, [0, 1, 3], k, [0, 2, 3], [0, 1, 2]), -1), [0, 1, 2], v, [0, 2, 3], [0, 1, 3]);
        return handle("jit(einsum(sublists) → nn.softmax → einsum)", jit(f), [arr(I.q, I.qShape), arr(I.k, I.kShape), arr(I.v, I.vShape)]);
      },
      async permute(I) {
        // Eager np.transpose is a lazy view; under jit the output is materialised.
        return handle(`jit(x => np.transpose(x, [${I.perm}]))`, jit((x) => np.transpose(x, I.perm)), [arr(I.x, I.shape)]);
      },
    },
  };
}

/** A package's version from bench/node_modules (some packages do not export ./package.json). */
export function pkgVersion(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(BENCH_DIR, "node_modules", name, "package.json"), "utf8")).version;
  } catch {
    return null;
  }
}
