// Layer: src/backend/webgpu. Sorting on the GPU, stable, in two kernels: the sort kernel's keys as an ordinary
// map kernel (any fused expression), then this fixed rank kernel: each invocation counts the keys of its row
// that come before its own (smaller, or equal at a smaller position) and writes its position at that rank.
// NaN sorts after +Infinity ascending and before it descending, as on the CPU. Imports nothing but module.ts.
import { type WgslCaps, type WgslKernel, dispatchFor, workgroupSize } from "./module.js";

/** The sort's shape as the rank kernel reads it from its uniform. */
export interface RankShape {
  /** Elements per row (the sorted loop's extent). */
  readonly n: number;
  /** Distance between neighbours of a row in the keys and the output. */
  readonly stride: number;
  /** Elements in all. */
  readonly total: number;
}

/**
 * The rank kernel for keys of a scalar type. Bindings: out (i32 positions), keys, uniform {n, stride, total}.
 * @example rankKernel("f32", false, caps, { n: 8, stride: 1, total: 64 }).code
 */
export function rankKernel(keyType: "f32" | "i32", descending: boolean, caps: WgslCaps, shape: RankShape): WgslKernel {
  const wg = workgroupSize(caps, 64);
  // before(a at i, b at j): a sorts before b.
  const before =
    keyType === "i32"
      ? `fn before(a: i32, i: u32, b: i32, j: u32) -> bool { return a ${descending ? ">" : "<"} b || (a == b && i < j); }`
      : `fn nan(x: f32) -> bool { return (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u; }
fn before(a: f32, i: u32, b: f32, j: u32) -> bool {
  let na = nan(a);
  let nb = nan(b);
  ${descending ? "if (na != nb) { return na; }" : "if (na != nb) { return nb; }"}
  if (na) { return i < j; }
  return a ${descending ? ">" : "<"} b || (a == b && i < j);
}`;
  const code = `struct Shape { n: u32, stride: u32, total: u32, pad: u32 }
@group(0) @binding(0) var<storage, read_write> out: array<i32>;
@group(0) @binding(1) var<storage, read> keys: array<${keyType}>;
@group(0) @binding(2) var<uniform> S: Shape;
${before}
@compute @workgroup_size(${wg})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let i = (wid.x + wid.y * nwg.x) * ${wg}u + lid;
  if (i >= S.total) { return; }
  let pos = (i / S.stride) % S.n;
  let base = i - pos * S.stride;
  let key = keys[i];
  var rank = 0u;
  for (var j = 0u; j < S.n; j++) {
    if (before(keys[base + j * S.stride], j, key, pos)) { rank++; }
  }
  out[base + rank * S.stride] = i32(pos);
}
`;
  return { code, template: "rank", dispatch: dispatchFor(Math.ceil(shape.total / wg), caps), dynamicLoads: [], scalarInputs: [0], vectorInputs: [] };
}
