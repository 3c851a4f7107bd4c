// Gradient checks against central finite differences computed in float64: the function is evaluated by the
// reference interpreter (which never rounds intermediates), and each perturbation is a graph node (x + h·e_j,
// with h a float64 constant), so the only error is the O(h²) of the difference quotient itself.
import { expect } from "vitest";
import { evaluate } from "../../src/backend/cpu/reference.js";
import { getDefaultDevice, grad, tensor } from "../../src/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { deviceNames, useDevice } from "./devices.js";
import { type Layout, expectClose } from "./naive.js";
import { randomFloats, rng, testSeed } from "./random.js";

export interface CheckOptions {
  /** Step of the difference quotient (default 1e-5). */
  readonly h?: number;
  readonly rtol?: number;
  readonly atol?: number;
  /** Which arguments to check (default: every float32 one). */
  readonly only?: readonly number[];
  /** Also compute the gradients on every device of the test matrix (compiled, float32) and compare (default true). */
  readonly device?: boolean;
  readonly deviceRtol?: number;
}

/** The float64 value of a scalar tensor's graph. */
export const value64 = (t: AnyTensor): number => evaluate(t.node)[0]!;

/** `x` plus `step` at flat position j (row-major over x's logical dims), as a lazy graph. */
function nudge(x: AnyTensor, j: number, step: number): AnyTensor {
  const e = new Float32Array(x.numel);
  e[j] = 1;
  const dir = tensor(e, x.node.dims.map((d) => [d.name, d.size] as [string, number])) as unknown as AnyTensor;
  return x.add(dir.mul(step) as never) as AnyTensor;
}

/**
 * The gradients of f at args computed by `device` (compiled kernels, float32): the arguments are copied there
 * and f runs with it as the default device, so tensors f creates live there too.
 */
async function deviceGradients(device: string, f: (...args: AnyTensor[]) => AnyTensor, args: readonly AnyTensor[]): Promise<Float32Array[]> {
  const before = getDefaultDevice();
  await useDevice(device);
  try {
    const moved = await Promise.all(args.map((a) => a.to(device)));
    const grads = (grad(f as never) as (...a: AnyTensor[]) => AnyTensor[])(...moved);
    return await Promise.all(grads.map(async (g) => Float32Array.from(await g.data())));
  } finally {
    await useDevice(before.name);
  }
}

/**
 * Checks grad(f) for every float32 argument against central differences, and that each gradient has exactly
 * its argument's dims (names, sizes, order, private flags) and dtype, and that every device of the test matrix
 * (`NT_DEVICES`) computes the same gradients in float32. Returns the analytic (float64) gradients.
 */
export async function gradcheck(f: (...args: AnyTensor[]) => AnyTensor, args: readonly AnyTensor[], options: CheckOptions = {}): Promise<Float64Array[]> {
  const { h = 1e-5, rtol = 1e-6, atol = 1e-8 } = options;
  const grads = (grad(f as never) as (...a: AnyTensor[]) => AnyTensor[])(...args);
  const out: Float64Array[] = [];
  args.forEach((x, i) => {
    const g = grads[i]!;
    expect(g.shapeDims).toEqual(x.shapeDims);
    expect(g.dtype).toBe(x.dtype);
    const analytic = evaluate(g.node);
    out.push(analytic);
    if (x.dtype !== "float32") {
      expect([...analytic].every((v) => v === 0)).toBe(true);
      return;
    }
    if (options.only && !options.only.includes(i)) return;
    const numeric = new Float64Array(x.numel);
    for (let j = 0; j < x.numel; j++) {
      const at = (step: number): number => value64(f(...args.map((a, k) => (k === i ? nudge(a, j, step) : a))));
      numeric[j] = (at(h) - at(-h)) / (2 * h);
    }
    try {
      expectClose(analytic, numeric, rtol, atol);
    } catch (e) {
      throw new Error(`argument ${i}: ${(e as Error).message}\nanalytic ${[...analytic].join(", ")}\nnumeric  ${[...numeric].join(", ")}`);
    }
  });
  // The same backward graph computed by each device (compiled kernels, float32) agrees with float64.
  if (options.device !== false)
    for (const device of deviceNames) {
      const computed = await deviceGradients(device, f, args);
      out.forEach((analytic, i) => {
        try {
          expectClose(computed[i]!, analytic, options.deviceRtol ?? 1e-3, 1e-4 * Math.max(1, ...analytic.map(Math.abs)));
        } catch (e) {
          throw new Error(`argument ${i} on ${device}: ${(e as Error).message}`);
        }
      });
    }
  return out;
}

/** Untyped access for tests that build functions generically. */
export const loose = (t: unknown): any => t;

const numel = (l: Layout): number => l.reduce((n, [, z]) => n * z, 1);
/** A fresh random float32 tensor with uniform values in [lo, hi). */
export const input = (l: Layout, lo = -2, hi = 2): AnyTensor => loose(tensor(randomFloats(numel(l), lo, hi), l));

/** Fixed random weights per shape (and device), so Σ w·y is a scalar whose gradient is not all ones. */
const weights = new Map<string, AnyTensor>();
const weightValues = new Map<string, Float32Array>();
const next = rng(testSeed + 1);
/** Σ w·y over every dim (private ones too) with fixed random weights w: a scalar loss of any tensor. */
export function scalarize(y: AnyTensor): AnyTensor {
  const t = loose(y).unmask() as AnyTensor;
  const shape = t.node.dims.map((d) => `${d.name}:${d.size}`).join(",");
  const key = `${getDefaultDevice().name} ${shape}`;
  if (!weights.has(key)) {
    const values = weightValues.get(shape) ?? randomFloats(t.numel, -1, 1, next);
    weightValues.set(shape, values);
    weights.set(key, loose(tensor(values, t.node.dims.map((d) => [d.name, d.size] as [string, number]))));
  }
  const names = t.node.dims.map((d) => d.name);
  const p = loose(t).mul(weights.get(key)!);
  return names.length ? loose(p).sum(names) : p;
}
