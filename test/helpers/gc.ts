// Exact memory counts need the garbage of earlier tests gone first: the garbage collector is the library's
// backstop for tensors the user dropped, and it may run (and free some) at any await.
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { memoryStats } from "../../src/index.js";

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Live buffers on every device (what the collector's finalizers give back). */
const liveBuffers = (): number => Object.values(memoryStats()).reduce((n, d) => n + d.buffers, 0);

/**
 * Collects garbage and lets its finalizers run, so the counts after it change only by what the test does: until
 * the live buffers stop changing (finalizers run as tasks after a collection, later on a loaded machine; a
 * released buffer may free what only it held, for the next collection).
 */
export async function settle(): Promise<void> {
  let last = -1;
  for (let i = 0; i < 20; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, i < 2 ? 0 : 5));
    const now = liveBuffers();
    if (i >= 1 && now === last) return;
    last = now;
  }
}
