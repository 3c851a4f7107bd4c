import { train } from "../dist-examples/examples/names-transformer.js";
import { WasmExecutor } from "../dist-examples/src/backend/cpu/executor.js";
import { showKernel } from "../dist-examples/src/backend/kernel/print.js";
const times = new Map();
const orig = WasmExecutor.prototype.run;
let on = false;
WasmExecutor.prototype.run = function (step) {
  const t = performance.now(); orig.call(this, step); const dt = performance.now() - t;
  if (!on) return;
  const e = times.get(step.hash) ?? { t: 0, n: 0, k: step.kernel };
  e.t += dt; e.n++; times.set(step.hash, e);
};
await train({ steps: 4, progress: (s) => { on = s >= 1; } });
const all = [...times.values()].sort((a, b) => b.t - a.t);
console.log("total", all.reduce((s, e) => s + e.t, 0).toFixed(0));
for (const e of all.slice(0, 8)) console.log(e.t.toFixed(0), e.n, "\n" + showKernel(e.k).slice(0, 1500));
