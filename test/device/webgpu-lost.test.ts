// Losing the WebGPU device (its own file: it destroys the device this process shares). Tensors on the lost
// device throw a clear Error when read or used; tensors on the CPU are unaffected; restart() brings a new
// device on which new work runs. Without an adapter it checks the setup error instead.
import { describe, expect, it } from "vitest";
import { getDevice, setDevice, tensor } from "../../src/index.js";
import type { WebGpuDevice } from "../../src/backend/webgpu/device.js";
import type { AnyTensor } from "../../src/tensor.js";
import { expectClose, expectSame, naiveMap } from "../helpers/naive.js";
import { randomFloats } from "../helpers/random.js";

const found = await getDevice("webgpu").then(
  (d) => d as WebGpuDevice,
  (e: Error) => e,
);
const lost = /^the WebGPU device was lost \(destroyed: .*\): tensors that lived on it are gone; tensors on the CPU are unaffected, and new WebGPU work runs on a new device$/;

if (found instanceof Error) {
  describe("webgpu loss without an adapter", () => {
    it("fails with the setup sentence (and fails the run when WEBGPU_REQUIRED=1)", () => {
      expect(process.env.WEBGPU_REQUIRED, `WEBGPU_REQUIRED=1 but: ${found.message}`).not.toBe("1");
      expect(found.message).toMatch(/^(no WebGPU adapter|WebGPU in Node needs the optional package "webgpu")/);
    });
  });
} else {
  describe("webgpu device loss", () => {
    const gpu = found;
    it("reports the loss on every use, keeps CPU tensors, and restarts on request", async () => {
      const x = randomFloats(50);
      await setDevice("cpu");
      const onCpu = tensor(x, [["i", 50]]) as unknown as AnyTensor;
      await setDevice("webgpu");
      const onGpu = tensor(x, [["i", 50]]) as unknown as AnyTensor;
      const computed = onGpu.exp().materialize();
      expectClose(await computed.data(), naiveMap(x, Math.exp));
      const pending = onGpu.add(1);

      gpu.destroy();
      await gpu.gpu.lost;
      await expect(computed.data()).rejects.toThrow(lost);
      expect(() => pending.materialize()).toThrow(lost);
      expect(() => tensor(x, [["i", 50]])).toThrow(lost);
      expectSame(onCpu.add(1).dataSync(), Float32Array.from(x, (v) => v + 1));

      await gpu.restart();
      const fresh = tensor(x, [["i", 50]]) as unknown as AnyTensor;
      expectClose(await fresh.mul(3).data(), naiveMap(x, (v) => 3 * v));
      // Tensors of the old device stay unreadable; their use says so.
      await expect(computed.data()).rejects.toThrow("the WebGPU device was lost (earlier)");
      expect(() => onGpu.add(fresh).materialize()).toThrow("the WebGPU device was lost (earlier)");
    });
  });
}
