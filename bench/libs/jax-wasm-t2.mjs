// Benchmark column: @jax-js/jax on its "wasm" device with its own 2-worker pool, through our experimental web
// Worker shim. It runs in a child process: the shim replaces globals (Worker, Blob, navigator), and jax-js keeps
// one worker setting per process (its kernel code generator checks for a Worker at each compile), so it cannot
// share a process with the 1-thread column.
import { makeJaxLib } from "../lib/jax-common.mjs";

export default makeJaxLib({
  id: "jax-wasm-t2", label: "jax-js wasm 2 workers*", threads: 2, order: 31,
  isolate: "the worker shim replaces global Worker/Blob/navigator, and jax-js keeps one thread setting per process",
});
