import { it } from "vitest";
import { full, tensor } from "../src/index.js";
import { lowerGraph } from "../src/backend/kernel/lower.js";
import { generateWgsl } from "../src/backend/webgpu/wgsl/codegen.js";
const caps = { maxInvocations: 256, maxWorkgroupSizeX: 256, maxWorkgroupsPerDimension: 65535, maxWorkgroupStorage: 16384 };
it("code", () => {
  const x = tensor(new Float32Array(1 << 10), [["i", 1 << 10]]);
  const y = full([], 1).div(x.neg().exp().add(1));
  for (const s of lowerGraph([(y as any).node])) console.log(generateWgsl(s.kernel, caps).code);
});
