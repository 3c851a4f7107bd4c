// Golden files for a fixed corpus of expressions: the kernel IR in index notation (inline) and the generated
// WebAssembly (text form, in __snapshots__/). They need no device and show every code generation change in
// review; update deliberately with `npx vitest run test/snapshots.test.ts -u`.
import { describe, expect, it } from "vitest";
import { generateWasm } from "../../src/backend/cpu/wasm/codegen.js";
import { lowerKernels } from "../../src/backend/kernel/lower.js";
import { cpuPasses } from "../../src/backend/cpu/device.js";
import { showKernel } from "../../src/backend/kernel/print.js";
import { type Tensor, zeros } from "../../src/index.js";

type Any = Tensor<any, any>;
const z = (dims: [string, number][]): Any => (zeros(dims as any) as Any).materialize();
const corpus: [string, () => Any][] = [
  ["sigmoid", () => z([["i", 1024]]).neg().exp().add(1).pow(-1)],
  ["tanh-fma", () => z([["i", 8], ["j", 64]]).mul(z([["j", 64]])).add(z([["i", 8], ["j", 64]])).tanh()],
  ["row-sum", () => z([["r", 16], ["c", 64]]).sum("c")],
  ["softmax", () => z([["r", 16], ["c", 64]]).softmax("c")],
  ["matmul-bias-relu", () => z([["i", 16], ["k", 32]]).dot("k", z([["k", 32], ["j", 24]])).add(z([["j", 24]])).relu()],
  ["permute-copy", () => z([["a", 4], ["b", 8], ["c", 16]]).transpose("c", "a", "b").contiguous()],
  ["gather", () => z([["vocab", 10], ["e", 8]]).indexSelect("vocab", zeros([["tok", 5]], { dtype: "int32" }).materialize())],
  ["attention", () => z([["q", 6], ["d", 8]]).dot("d", z([["key", 9], ["d", 8]])).mul(0.25).softmax("key").dot("key", z([["key", 9], ["e", 8]]))],
];

describe("golden kernels", () => {
  for (const [name, build] of corpus) {
    it(name, async () => {
      const x = build();
      expect(lowerKernels([x.node]).map((s) => showKernel(s.kernel)).join("\n\n")).toMatchSnapshot();
      const scheduled = lowerKernels([x.node], { passes: cpuPasses });
      const code = scheduled.map((s) => generateWasm(s.kernel, { shared: true, maxPages: 65536 }).text).join("\n\n");
      await expect(code).toMatchFileSnapshot(`__snapshots__/wasm/${name}.wat`);
    });
  }
});
