// The public surface of named-tensor: explicit exports only. Importing this module registers the CPU device
// and every op family's methods on Tensor.
import { registerDevice } from "./backend/engine.js";
import { CpuDevice } from "./backend/cpu/device.js";
import "./ops/elementwise.js";
import "./ops/reduce.js";
import "./ops/mask.js";
import "./ops/contract.js";

registerDevice(new CpuDevice());

export { Tensor } from "./tensor.js";
export type { ArrayFor, NestedFor, ValueFor } from "./tensor.js";
export type { DType, Dim, Shape, ShapeRecord } from "./types/dims.js";
export { ShapeError } from "./types/errors.js";
export { arange, eye, full, linspace, ones, rand, randint, randn, tensor, zeros } from "./ops/creation.js";
export type { CreateOptions, DimsSpec, RandomOptions, ShapeSpec, TensorData } from "./ops/creation.js";
export { where } from "./ops/elementwise.js";
export { contract } from "./ops/contract.js";
export { getDefaultDevice, getDevice, setDevice } from "./backend/engine.js";
export type { Device } from "./backend/engine.js";
