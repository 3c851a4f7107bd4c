// Layer: src/backend/webgpu. What every generated WGSL module shares: the bindings (out = 0, inputs 1..n, the
// params uniform n+1, the status words n+2, vec4 inputs n+3…2n+2, further outputs 2n+3…), the helper functions used, the entry point's header with a
// flat workgroup number (2-D dispatch past maxComputeWorkgroupsPerDimension), and the decomposition of a
// flat index into loop variables. Imports the IR and the emitter.
import { type Kernel, type LoopVar, moreOutputs } from "../../kernel/ir.js";
import type { WgslExprEmitter, Writer } from "./emit.js";
import { type Lanes, helperText, storageType } from "./syntax.js";
import { DeviceError } from "../../../types/errors.js";

/** What the device must know to launch a generated kernel. */
export interface WgslKernel {
  readonly code: string;
  /** Which template generated it (for tests and explain). */
  readonly template: "elementwise" | "vec4" | "rows" | "threads" | "tiled" | "scan" | "rank" | "zero" | "scatter-add" | "online" | "online-threads";
  /** Workgroups to dispatch in x, y, z. */
  readonly dispatch: readonly [number, number, number];
  /** Gathered dims by the id the status word reports. */
  readonly dynamicLoads: readonly { readonly dim: string; readonly limit: number }[];
  /** Inputs bound as scalar arrays (binding 1 + i) and as vec4 arrays (binding n + 3 + i). */
  readonly scalarInputs: readonly number[];
  readonly vectorInputs: readonly number[];
  /** The kernel's further outputs (kernel/ir.ts moreOutputs), bound read_write from binding 2n + 3 on; none when absent. */
  readonly more?: number;
}

/** The binding numbers of a kernel with n inputs. @example bindings(2).params // 3 */
export const bindings = (n: number) => ({ out: 0, scalar: (i: number) => 1 + i, params: n + 1, status: n + 2, vector: (i: number) => n + 3 + i, more: (j: number) => 2 * n + 3 + j });

/** The adapter limits and features a generator respects. */
export interface WgslCaps {
  readonly maxInvocations: number;
  readonly maxWorkgroupSizeX: number;
  readonly maxWorkgroupsPerDimension: number;
  readonly maxWorkgroupStorage: number;
  /** Contractions may keep their tiles in f16 (the adapter has shader-f16 and the user asked for it). */
  readonly f16?: boolean;
  /** The largest subgroup size, when the device has the subgroups feature (reductions then shuffle). */
  readonly subgroupMaxSize?: number;
}

/** The largest power of two ≤ the adapter's limits and `want`. @example workgroupSize(caps, 300) // 256 */
export function workgroupSize(caps: WgslCaps, want: number): number {
  let n = 1;
  while (n * 2 <= Math.min(want, caps.maxInvocations, caps.maxWorkgroupSizeX)) n *= 2;
  return n;
}

/** Workgroups for `count` groups: 1-D when it fits, else 2-D (the shader rebuilds the flat number). @example dispatchFor(70000, caps) // [35000, 2, 1] */
export function dispatchFor(count: number, caps: WgslCaps): [number, number, number] {
  const max = caps.maxWorkgroupsPerDimension;
  if (count <= max) return [Math.max(1, count), 1, 1];
  const y = Math.ceil(count / max);
  if (y > max) throw new DeviceError(`a kernel needs ${count} workgroups, more than this adapter can dispatch (${max}×${max})`);
  return [Math.ceil(count / y), y, 1];
}

/** The module text: bindings (those the code uses), helpers, then the entry point already written to `w`. @example moduleText(k, em, w) */
export function moduleText(k: Kernel, em: WgslExprEmitter, w: Writer, preamble: readonly string[] = [], outLanes: Lanes = 1): string {
  const head: string[] = [...preamble];
  const b = bindings(k.inputs.length);
  if (k.params.length) head.push(`struct Params { ${k.params.map((t, i) => `p${i}: ${storageType(t)},`).join(" ")} }`);
  head.push(`@group(0) @binding(0) var<storage, read_write> out: array<${storageType(k.output.type, outLanes)}>;`);
  moreOutputs(k).forEach((_, j) => head.push(`@group(0) @binding(${b.more(j)}) var<storage, read_write> out${j + 1}: array<f32>;`));
  for (const i of [...em.scalarInputs].sort((x, y) => x - y)) head.push(`@group(0) @binding(${b.scalar(i)}) var<storage, read> in${i}: array<${storageType(k.inputs[i]!.type)}>;`);
  for (const i of [...em.vectorInputs].sort((x, y) => x - y)) head.push(`@group(0) @binding(${b.vector(i)}) var<storage, read> in${i}v: array<${storageType(k.inputs[i]!.type, 4)}>;`);
  if (k.params.length) head.push(`@group(0) @binding(${b.params}) var<uniform> P: Params;`);
  if (em.dynamicLoads.length) {
    head.push(`@group(0) @binding(${b.status}) var<storage, read_write> status: array<atomic<u32>, 4>;`);
    head.push("fn nt_fail(v: i32, id: u32) { if (atomicAdd(&status[0], 1u) == 0u) { atomicStore(&status[1], bitcast<u32>(v)); atomicStore(&status[2], id); } }");
  }
  const helpers = helperText(em.helpers);
  return [...head, ...(helpers ? [helpers] : []), w.text(), ""].join("\n");
}

/** What a template returns, from its emitter. @example return kernelResult(moduleText(k, em, w), "rows", dispatchFor(points, caps), em) */
export function kernelResult(code: string, template: WgslKernel["template"], dispatch: readonly [number, number, number], em: WgslExprEmitter): WgslKernel {
  const sorted = (s: ReadonlySet<number>): number[] => [...s].sort((x, y) => x - y);
  const more = moreOutputs(em.k).length;
  return { code, template, dispatch, dynamicLoads: em.dynamicLoads, scalarInputs: sorted(em.scalarInputs), vectorInputs: sorted(em.vectorInputs), ...(more ? { more } : {}) };
}

/** The entry point's signature and the flat workgroup number `group` (i32). @example entry(w, [64]) */
export function entry(w: Writer, size: readonly [number, number?], subgroups = false): void {
  w.line(`@compute @workgroup_size(${size.filter((s) => s !== undefined).join(", ")})`);
  const sg = subgroups ? ", @builtin(subgroup_invocation_id) sgi: u32, @builtin(subgroup_size) sgs: u32" : "";
  w.open(`fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32${sg})`);
  w.line("let group = i32(wid.x + wid.y * nwg.x);");
}

/** Binds each var of `vars` (row-major, the last fastest) from the flat i32 index `flat`, as WGSL lets. @example decompose(w, em, k.outer, "group") */
export function decompose(w: Writer, em: WgslExprEmitter, vars: readonly LoopVar[], flat: string): void {
  let inner = 1;
  const names: string[] = [];
  for (let i = vars.length - 1; i >= 0; i--) {
    const v = vars[i]!;
    const name = em.temp("v");
    names[i] = name;
    if (v.extent === 1) w.line(`let ${name} = 0i;`);
    else {
      const q = inner === 1 ? flat : `(${flat} / ${inner}i)`;
      w.line(`let ${name} = ${i === 0 ? q : `${q} % ${v.extent}i`};`);
    }
    em.env.vars.set(v.name, name);
    inner *= v.extent;
  }
}

/** The number of points of a list of loops. @example extentOf([{ name: "a", extent: 3 }, { name: "b", extent: 4 }]) // 12 */
export const extentOf = (vars: readonly LoopVar[]): number => vars.reduce((n, v) => n * v.extent, 1);
