// GPU interop (src/interop.ts): the library computes on a GPUDevice the application gave, wraps the
// application's GPUBuffer as a tensor without a copy, and leases out the GPUBuffer behind a tensor — with the
// ownership rules of interop.ts's header: nothing of the application's is destroyed or pooled, a lease outlives
// its tensor until released, and nothing leaks. Values against float64 loops on fresh random inputs.
// Without an adapter it checks the setup error; with WEBGPU_REQUIRED=1 a missing adapter fails.
import { describe, expect, it } from "vitest";
import { ArgumentError, ShapeError, fromGpuBuffer, gpuBufferOf, memoryStats, tensor, useGpuDevice } from "../../src/index.js";
import { requestGpu } from "../../src/backend/webgpu/gpu.js";
import { expectClose } from "../helpers/naive.js";
import { randomFloats } from "../helpers/random.js";
import { expectError } from "../helpers/sentences.js";

const app = await requestGpu().then(
  (ctx) => ctx.device,
  (e: Error) => e,
);

/** The application's own read of `bytes` bytes of a GPUBuffer from `offset` (a copy and a map). */
async function appRead(device: GPUDevice, buffer: GPUBuffer, offset: number, bytes: number): Promise<Float32Array> {
  const staging = device.createBuffer({ size: bytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const encoder = device.createCommandEncoder();
  encoder.copyBufferToBuffer(buffer, offset, staging, 0, bytes);
  device.queue.submit([encoder.finish()]);
  await staging.mapAsync(GPUMapMode.READ);
  const values = new Float32Array(staging.getMappedRange().slice(0));
  staging.destroy();
  return values;
}

const GPUBufferUsage = { MAP_READ: 0x1, COPY_SRC: 0x4, COPY_DST: 0x8, STORAGE: 0x80 } as const;
const GPUMapMode = { READ: 0x1 } as const;

if (app instanceof Error) describe("gpu interop without an adapter", () => {
  it("fails with the setup sentence (and fails the run when WEBGPU_REQUIRED=1)", () => {
    expect(process.env.WEBGPU_REQUIRED, `WEBGPU_REQUIRED=1 but: ${app.message}`).not.toBe("1");
    expect(app.message).toMatch(/^(no WebGPU adapter|WebGPU in Node needs the optional package "webgpu")/);
  });
});
else describe("gpu interop", () => {
  const device = app as GPUDevice;

  it("useGpuDevice: the library computes on the application's GPUDevice", async () => {
    const gpu = await useGpuDevice(device);
    expect(gpu.lent).toBe(true);
    expect(gpu.gpu).toBe(device);
    const x = randomFloats(37);
    const t = tensor(x, [["i", 37]]);
    expect(t.device).toBe("webgpu");
    expectClose(await t.mul(2).add(1).data(), Array.from(x, (v) => 2 * v + 1));
    expect(await useGpuDevice(device)).toBe(gpu); // the same device again is the same library device
    await expectError(() => useGpuDevice({} as GPUDevice), ArgumentError, "useGpuDevice takes a GPUDevice, not an Object");
  });

  it("fromGpuBuffer wraps the application's buffer without a copy, and never destroys or pools it", async () => {
    const gpu = await useGpuDevice(device);
    const values = randomFloats(3 * 5);
    const buffer = device.createBuffer({ size: 64 * 4, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(buffer, 0, values);
    const allocated = gpu.allocatedBuffers;
    const t = fromGpuBuffer(buffer, [["r", 3], ["c", 5]]);
    expect(gpu.allocatedBuffers).toBe(allocated); // no copy: no buffer of the library's
    const sums = Array.from({ length: 3 }, (_, r) => values.slice(5 * r, 5 * r + 5).reduce((a, b) => a + b, 0));
    expectClose(await t.sum("c").data(), sums);
    // The application writes new values: the tensor reads the buffer itself.
    const next = randomFloats(3 * 5);
    device.queue.writeBuffer(buffer, 0, next);
    expectClose(await t.exp().data(), Array.from(next, Math.exp));
    const pooled = gpu.pool.pooledBytes;
    t.dispose();
    // Still the application's: readable, with its values, and not in the library's pool.
    expect(Array.from(await appRead(device, buffer, 0, 15 * 4))).toEqual(Array.from(next));
    expect(gpu.pool.pooledBytes).toBe(pooled);
    buffer.destroy();
  });

  it("fromGpuBuffer refuses a buffer it cannot use, naming what is wrong", async () => {
    await useGpuDevice(device);
    const small = device.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE });
    await expectError(() => fromGpuBuffer(small, [["i", 8]]), ArgumentError, "fromGpuBuffer: the GPUBuffer has 16 bytes, fewer than the 32 that 8 float32 elements take (4 bytes each)");
    const mapped = device.createBuffer({ size: 64, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    await expectError(() => fromGpuBuffer(mapped, [["i", 4]]), ArgumentError, "fromGpuBuffer needs a GPUBuffer with STORAGE usage (GPUBufferUsage.STORAGE; add COPY_SRC to read it back)");
    await expectError(() => fromGpuBuffer(new Float32Array(4) as never, [["i", 4]]), ArgumentError, "fromGpuBuffer takes a GPUBuffer, not a Float32Array");
    for (const b of [small, mapped]) b.destroy();
  });

  it("gpuBufferOf leases the buffer behind a tensor (a strided view copied row-major); the lease outlives the tensor", async () => {
    const gpu = await useGpuDevice(device);
    const values = randomFloats(4 * 6);
    const x = tensor(values, [["a", 4], ["b", 6]]);
    const y = x.mul(3).transpose("b", "a");
    const expected: number[] = [];
    for (let b = 0; b < 6; b++) for (let a = 0; a < 4; a++) expected.push(3 * values[a * 6 + b]!);
    const live = memoryStats().webgpu!.buffers;
    const lease = await gpuBufferOf(y);
    expect(lease.byteLength).toBe(24 * 4);
    expectClose(await appRead(device, lease.buffer, lease.byteOffset, lease.byteLength), expected);
    y.dispose();
    x.dispose();
    // The tensors are gone; the leased buffer is not reused while the lease lasts.
    const other = tensor(randomFloats(24), [["k", 24]]).add(1).materialize();
    expectClose(await appRead(device, lease.buffer, lease.byteOffset, lease.byteLength), expected);
    other.dispose();
    lease.release();
    lease.release(); // harmless
    expect(memoryStats().webgpu!.buffers).toBeLessThanOrEqual(live);
    expect(gpu.lent).toBe(true);
  });

  it("gpuBufferOf throws the work's own errors, and refuses a tensor on another device", async () => {
    await useGpuDevice(device);
    const table = tensor(randomFloats(5 * 2), [["row", 5], ["c", 2]]);
    const bad = table.indexSelect("row", tensor(Int32Array.from([1, 7]), [["pick", 2]]));
    await expectError(() => gpuBufferOf(bad), ShapeError, 'index 7 is out of range for "row" (5)');
    const onCpu = await tensor([1, 2], [["i", 2]]).to("cpu");
    await expectError(() => gpuBufferOf(onCpu), ArgumentError, 'gpuBufferOf: this tensor lives on cpu, not on WebGPU: move it with await t.to("webgpu")');
  });

  it("the library stops using a lent device without destroying it", async () => {
    const gpu = await useGpuDevice(device);
    gpu.destroy();
    // The application's device still works.
    const buffer = device.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(buffer, 0, new Float32Array([1, 2, 3, 4]));
    expect(Array.from(await appRead(device, buffer, 0, 16))).toEqual([1, 2, 3, 4]);
    expect(() => tensor([1], [["i", 1]])).toThrow(/your application \(useGpuDevice\(device\)\)/);
    await expect(gpu.restart()).rejects.toThrow("this WebGPU device runs on a GPUDevice your application gave (useGpuDevice): give a new one with useGpuDevice(device)");
    buffer.destroy();
  });
});
