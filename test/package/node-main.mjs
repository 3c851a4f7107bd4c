// Runs the app in Node, Deno or Bun (bundled or from node_modules) and prints its checks; exits 1 on a failure.
import { run } from "./app.mjs";
const device = globalThis.process?.argv?.[2] ?? "cpu";
const result = await run(device);
for (const c of result.checks) console.log(`${c.ok ? "ok  " : "FAIL"}  ${c.name} (${c.n} values, worst ${c.worst.toExponential(2)})`);
console.log(result.ok ? `app: ok on ${result.device}` : `app: FAILED on ${result.device}`);
if (!result.ok) globalThis.process.exit(1);
