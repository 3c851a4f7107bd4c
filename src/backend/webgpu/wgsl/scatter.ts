// Layer: src/backend/webgpu. Scatter-add on the GPU (the routine of src/backend/kernel/routine.ts), in two fixed
// shaders: `zero` clears the output, then `scatter-add` runs one invocation per value, which checks its index
// (out of range: the status words get the index, the error's id and the position, and nothing is added —
// never a silent clamp) and adds its value with a compare-exchange loop on the u32 bits of the target: WGSL
// has atomics only on i32/u32, and a float add must be retried until no other invocation wrote in between.
// Why atomics and not a deterministic scheme (sort the indices, then sum segments): this is O(values) in one
// pass with no scratch; the price is that the order of additions into one element, hence its last bits,
// can differ between runs. The shape is baked into the code (one pipeline per shape, cached). Imports nothing
// but module.ts and the routine description.
import type { ScatterAddRoutine } from "../../kernel/routine.js";
import { type WgslCaps, type WgslKernel, dispatchFor, workgroupSize } from "./module.js";

const header = "@compute @workgroup_size(WG)\nfn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {";

/**
 * The shader clearing `length` u32 words of binding 0. @example zeroKernel(1000, caps).dispatch // [4, 1, 1]
 */
export function zeroKernel(length: number, caps: WgslCaps): WgslKernel {
  const wg = workgroupSize(caps, 256);
  const code = `@group(0) @binding(0) var<storage, read_write> out: array<u32>;
${header.replace("WG", String(wg))}
  let i = (wid.x + wid.y * nwg.x) * ${wg}u + lid;
  if (i < ${Math.max(1, length)}u) { out[i] = 0u; }
}
`;
  return { code, template: "zero", dispatch: dispatchFor(Math.ceil(Math.max(1, length) / wg), caps), dynamicLoads: [], scalarInputs: [], vectorInputs: [] };
}

/**
 * The scatter-add shader for one shape. Bindings: out (atomic u32 bits of f32) 0, values 1, indices 2, the
 * status words 4 (as bindings(2) numbers them; its error id is 0).
 * @example scatterAddKernel({ kind: "scatterAdd", sizes: [6, 4], indexStrides: [1, 0], outStrides: [0, 1], axisStride: 4, limit: 10, dim: "vocab", outLength: 40 }, caps).code
 */
export function scatterAddKernel(r: ScatterAddRoutine, caps: WgslCaps): WgslKernel {
  const wg = workgroupSize(caps, 64);
  const total = r.sizes.reduce((a, b) => a * b, 1);
  // The iteration point's index and output addresses, from its flat number (last dim fastest).
  const address: string[] = [];
  for (let d = r.sizes.length - 1; d >= 0; d--) {
    if (r.sizes[d]! <= 1) continue;
    address.push(`  let c${d} = rest % ${r.sizes[d]}u;`, `  rest = rest / ${r.sizes[d]}u;`);
    if (r.indexStrides[d]) address.push(`  k += c${d} * ${r.indexStrides[d]}u;`);
    if (r.outStrides[d]) address.push(`  o += c${d} * ${r.outStrides[d]}u;`);
  }
  const code = `@group(0) @binding(0) var<storage, read_write> out: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read> values: array<f32>;
@group(0) @binding(2) var<storage, read> indices: array<i32>;
@group(0) @binding(4) var<storage, read_write> status: array<atomic<u32>, 4>;
${header.replace("WG", String(wg))}
  let p = (wid.x + wid.y * nwg.x) * ${wg}u + lid;
  if (p >= ${total}u) { return; }
  var rest = p;
  var k = 0u;
  var o = 0u;
${address.join("\n")}
  let i = indices[k];
  if (i < 0 || i >= ${r.limit}) {
    if (atomicAdd(&status[0], 1u) == 0u) { atomicStore(&status[1], bitcast<u32>(i)); atomicStore(&status[2], 0u); atomicStore(&status[3], k); }
    return;
  }
  let at = o + u32(i) * ${r.axisStride}u;
  let v = values[p];
  var old = atomicLoad(&out[at]);
  loop {
    let r = atomicCompareExchangeWeak(&out[at], old, bitcast<u32>(bitcast<f32>(old) + v));
    if (r.exchanged) { break; }
    old = r.old_value;
  }
}
`;
  return { code, template: "scatter-add", dispatch: dispatchFor(Math.ceil(total / wg), caps), dynamicLoads: [], scalarInputs: [0, 1], vectorInputs: [] };
}
