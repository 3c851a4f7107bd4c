import { DeviceError } from "../../types/errors.js";
// Layer: src/backend/webgpu. Getting a GPUDevice: `navigator.gpu` in browsers; in Node the optional `webgpu`
// package (Dawn), imported dynamically only when the device is requested, so the library imports without it.
// Dawn's entry object is kept in a module-level reference for the life of the process: if it is collected
// while a device is in use, the process crashes. One device per adapter (adapters are single-use).
// Imports nothing from the library.

/** The entry object of Dawn's Node binding; never released (see the header). */
let dawnEntry: GPU | undefined;

const proc = (globalThis as { process?: { versions?: { node?: string }; env?: Record<string, string | undefined> } }).process;

/** The GPU entry point of this environment. */
async function gpuEntry(): Promise<GPU> {
  const nav = (globalThis as { navigator?: { gpu?: GPU } }).navigator;
  if (nav?.gpu) return nav.gpu;
  if (dawnEntry) return dawnEntry;
  if (!proc?.versions?.node) throw new DeviceError("WebGPU is not available here: this browser has no navigator.gpu (try a browser with WebGPU enabled)");
  // A computed specifier keeps bundlers from resolving the optional package for browser builds.
  const name = "webgpu";
  let mod: { create(flags: string[]): GPU };
  try {
    mod = (await import(/* @vite-ignore */ /* webpackIgnore: true */ name)) as typeof mod;
  } catch (e) {
    throw new DeviceError(`WebGPU in Node needs the optional package "webgpu" (npm install webgpu@0.6.2): ${(e as Error).message}`);
  }
  const flags = (proc.env?.NAMED_TENSOR_DAWN_FLAGS ?? "").split(",").filter(Boolean);
  dawnEntry = mod.create(flags);
  return dawnEntry;
}

/** An adapter and its device, with the limits this library asked for. */
export interface GpuContext {
  readonly device: GPUDevice;
  /** Absent for a device the user gave (lentGpu). */
  readonly adapter?: GPUAdapter;
  /** The user gave the device: the library never destroys it and does not replace it when it is lost. */
  readonly lent?: boolean;
  readonly description: string;
  readonly f16: boolean;
  /** The adapter's largest subgroup size, when it has the subgroups feature (requested then). */
  readonly subgroupMaxSize: number | undefined;
}

/** Which limits a device is requested with: the adapter's own, or WebGPU's defaults (none raised). */
export type GpuLimits = "adapter" | "default";
/** The limits asked for when none are given: "default" with NAMED_TENSOR_WEBGPU_LIMITS=default. @example limitsFromEnv() // "adapter" */
export const limitsFromEnv = (): GpuLimits => (proc?.env?.NAMED_TENSOR_WEBGPU_LIMITS === "default" ? "default" : "adapter");

/**
 * Requests an adapter and a device with the adapter's own limits for buffer sizes, workgroups and storage
 * buffers per stage (the defaults are smaller), and shader-f16 when the adapter has it. `limits` "default":
 * none raised — the device has WebGPU's default limits (8 storage buffers per stage, 128 MiB bindings), as many
 * browsers give; also with NAMED_TENSOR_WEBGPU_LIMITS=default (testing what runs on such a GPU).
 * @example const { device } = await requestGpu();
 */
export async function requestGpu(limits: GpuLimits = limitsFromEnv()): Promise<GpuContext> {
  const gpu = await gpuEntry();
  const adapter = await gpu.requestAdapter({ powerPreference: "high-performance" });
  if (!adapter) {
    throw new DeviceError(
      proc?.versions?.node
        ? "no WebGPU adapter: Dawn found no Vulkan driver it accepts (install one, e.g. Mesa >= 25 lavapipe or SwiftShader, and point VK_ICD_FILENAMES at its ICD json; see scripts/setup-vulkan.sh)"
        : "no WebGPU adapter: this browser exposes navigator.gpu but gave no adapter (WebGPU may be disabled or blocklisted)",
    );
  }
  const l = adapter.limits;
  const f16 = adapter.features.has("shader-f16");
  const info = adapter.info as GPUAdapterInfo & { subgroupMaxSize?: number };
  const subgroupMaxSize = adapter.features.has("subgroups") && info.subgroupMaxSize ? info.subgroupMaxSize : undefined;
  const device = await adapter.requestDevice({
    requiredFeatures: [
      ...(f16 ? ["shader-f16" as const] : []),
      ...(subgroupMaxSize ? ["subgroups" as GPUFeatureName] : []),
      // Asked for so that timing can be switched on later (WebGpuOptions.timing); it costs nothing unused.
      ...(adapter.features.has("timestamp-query") ? ["timestamp-query" as const] : []),
    ],
    requiredLimits: limits === "default" ? {} : {
      maxStorageBufferBindingSize: l.maxStorageBufferBindingSize,
      maxBufferSize: l.maxBufferSize,
      maxComputeInvocationsPerWorkgroup: l.maxComputeInvocationsPerWorkgroup,
      maxComputeWorkgroupSizeX: l.maxComputeWorkgroupSizeX,
      maxComputeWorkgroupSizeY: l.maxComputeWorkgroupSizeY,
      maxComputeWorkgroupStorageSize: l.maxComputeWorkgroupStorageSize,
      maxStorageBuffersPerShaderStage: l.maxStorageBuffersPerShaderStage,
    },
  });
  const description = [info?.vendor, info?.architecture, info?.device, info?.description].filter(Boolean).join(" ") || "unknown adapter";
  return { device, adapter, description, f16, subgroupMaxSize };
}

/**
 * The context of a GPUDevice the user already has (shared with their renderer, onnxruntime-web or tfjs): its
 * own limits and features are used as they are.
 * @example const ctx = lentGpu(device); ctx.lent // true
 */
export function lentGpu(device: GPUDevice): GpuContext {
  const info = (device as GPUDevice & { adapterInfo?: GPUAdapterInfo & { subgroupMaxSize?: number } }).adapterInfo;
  const subgroupMaxSize = device.features.has("subgroups") && info?.subgroupMaxSize ? info.subgroupMaxSize : undefined;
  const description = [info?.vendor, info?.architecture, info?.device, info?.description].filter(Boolean).join(" ") || "a GPUDevice given by the application";
  return { device, lent: true, description, f16: device.features.has("shader-f16"), subgroupMaxSize };
}
