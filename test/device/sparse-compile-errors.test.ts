// A generated sparse kernel the device refuses to compile (here a buffer indexed by an f32 value, which
// neither Wasm nor WGSL accepts) must surface as a DeviceError naming the expression and the operands' formats — thrown when
// the CPU compiles it, carried by the results on WebGPU and thrown when they are read — never a raw engine error
// and never a silently unwritten (zero) result.
import { beforeAll, describe, expect, it } from "vitest";
import type { SparseKernel } from "../../src/backend/kernel/sparse/ir.js";
import { DeviceError, getDefaultDevice } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";

describe.each(deviceNames)("sparse kernels that fail to compile on %s", (device) => {
  beforeAll(() => useDevice(device));

  it("give a DeviceError naming the expression and formats", async () => {
    const kernel: SparseKernel = {
      title: "y(i) = Σ_j (A(i,j) * x(j))",
      formats: "A: i dense, j compressed; x: j dense",
      buffers: [{ name: "y_vals", type: "f32", output: true }],
      locals: new Map([["start", "i32"], ["end", "i32"]]),
      body: [{ kind: "store", buffer: 0, index: { op: "const", type: "f32", value: 1.5 } as never, value: { op: "const", type: "f32", value: 1 }, accumulate: false }],
      parallelExtent: 0,
    };
    const d = getDefaultDevice();
    const out = d.allocate("float32", 1);
    let caught: unknown;
    try {
      // run as every sparse kernel is: a program's sparse routine step
      const program = d.begin();
      try {
        program.routine({ kind: "sparse", key: "bad", kernels: [{ kernel, hash: `bad-${device}-${Math.random()}` }], output: 0, title: kernel.title }, out, []);
      } finally {
        program.finish();
      }
      await d.read({ buffer: out, dtype: "float32", sizes: [1], strides: [1], offset: 0 });
    } catch (e) {
      caught = e;
    } finally {
      out.release();
    }
    expect(caught).toBeInstanceOf(DeviceError);
    expect((caught as Error).message).toMatch(/^(WebGPU|the CPU) could not compile the generated sparse kernel for y\(i\) = Σ_j \(A\(i,j\) \* x\(j\)\) \(operands A: i dense, j compressed; x: j dense\): ./);
  });
});
