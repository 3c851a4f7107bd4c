// Exact memory counts need the garbage of earlier tests gone first: the garbage collector is the library's
// backstop for tensors the user dropped, and it may run (and free some) at any await.
import v8 from "node:v8";
import { runInNewContext } from "node:vm";

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Collects garbage and lets its finalizers run, so the counts after it change only by what the test does. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 2; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
