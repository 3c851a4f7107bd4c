import { train } from "../dist-examples/examples/names-transformer.js";
import { getDefaultDevice } from "../dist-examples/src/index.js";
const d = getDefaultDevice();
let last = performance.now();
await train({ steps: 6, progress: (s, l) => { const now = performance.now(); console.log(s, l.toFixed(3), (now - last).toFixed(0) + "ms", JSON.stringify(d.stats)); last = now; } });
