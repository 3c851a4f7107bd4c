// Benchmark column: @jax-js/jax on its "wasm" device, as a user gets it in Node 20: one thread.
import { makeJaxLib } from "../lib/jax-common.mjs";

export default makeJaxLib({ id: "jax-wasm", label: "jax-js wasm (1T)", threads: 1, order: 30 });
