// The public surface of named-tensor: explicit exports only. Importing this module registers the CPU device
// and every op family's methods on Tensor.
import { registerDevice, registerDeviceLoader } from "./backend/engine.js";
import { CpuDevice } from "./backend/cpu/device.js";
import { loadWebGpu } from "./backend/webgpu/device.js";
import "./ops/elementwise.js";
import "./ops/reduce.js";
import "./ops/mask.js";
import "./ops/contract.js";
import "./ops/movement.js";
import "./ops/indexing.js";

registerDevice(new CpuDevice());
// WebGPU is created on first use (await setDevice("webgpu")); in Node it loads the optional "webgpu" package.
registerDeviceLoader("webgpu", loadWebGpu);

export { Tensor } from "./tensor.js";
export type { ArrayFor, DimName, NestedFor, ShapeOf, ValueFor } from "./tensor.js";
export type { DType, Dim, NameArg, Shape, ShapeRecord, VisibleNames } from "./types/dims.js";
export { ArgumentError, DeviceError, FormatError, InternalError, NamedTensorError, ShapeError, StateError } from "./types/errors.js";
export type { FormatPlace } from "./types/errors.js";
export { arange, eye, full, linspace, ones, rand, randint, randn, tensor, zeros } from "./ops/creation.js";
export type { CreateOptions, DimsSpec, RandomOptions, ShapeSpec, TensorData } from "./ops/creation.js";
export { where } from "./ops/elementwise.js";
export { contract } from "./ops/contract.js";
export { concat } from "./ops/movement.js";
export { avgPool, conv, convTranspose, maxPool } from "./ops/conv.js";
export type { ConvOptions, ConvTransposeOptions, Padding, PerDim, PoolOptions } from "./types/conv.js";
export { fromNpy, toNpy } from "./io/npy.js";
export { fromSafetensors, toSafetensors } from "./io/safetensors.js";
export type { SafetensorsResult, SafetensorsSpec } from "./io/safetensors.js";
export type { NpyOptions, NpyShape } from "./io/npy.js";
export type { PadSpec, RenameSpec, SplitPart, StackSpec } from "./types/movement.js";
export { constant, kindOf, persistent, placeholder, variable, variablesOf, Persistent, Placeholder, Stateful, Variable } from "./state/kinds.js";
export type { SameType, ShowType, TensorKind } from "./state/kinds.js";
export { keep, scope } from "./state/scope.js";
export { customGradient, grad, materializeAll, valueAndGrad, VariableGrads } from "./autodiff/grad.js";
export type { GradOf, LossCheck, ValueAndGrad } from "./autodiff/grad.js";
export { Optimizer } from "./optim/optimizer.js";
export type { LossFn } from "./optim/optimizer.js";
export { sgd } from "./optim/sgd.js";
export type { SgdOptions } from "./optim/sgd.js";
export { adam } from "./optim/adam.js";
export type { AdamOptions } from "./optim/adam.js";
export { linear, linearParams } from "./nn/linear.js";
export type { LinearParams } from "./nn/linear.js";
export { dropout, embedding, layerNorm } from "./nn/layers.js";
export { crossEntropy } from "./nn/loss.js";
export type { LabelsCheck } from "./nn/loss.js";
export { attention } from "./nn/attention.js";
export { checkedArg, maskedLike, privateLike } from "./nn/generic.js";
export type { Masked } from "./nn/generic.js";
export type { CallerMasked, MaskedDim, MaskedDims } from "./types/mask.js";
export type { AttentionCheck, AttentionOptions, KeysCheck } from "./nn/attention.js";
export { getDefaultDevice, getDevice, kernelStats, memoryStats, setDevice } from "./backend/engine.js";
export { explain } from "./explain.js";
export { type GpuBufferLease, type GpuBufferOptions, fromGpuBuffer, gpuBufferOf, useGpuDevice } from "./interop.js";
export type { Device, KernelReport, KernelStats, KernelTiming, MemoryStats, ProgramStats } from "./backend/engine.js";
export { WebGpuDevice, type WebGpuOptions } from "./backend/webgpu/device.js";
