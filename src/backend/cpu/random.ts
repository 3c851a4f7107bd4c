// Layer: src/backend/cpu. The counter-based random generator, in 32-bit integer arithmetic, so a seed gives the
// same numbers on the CPU and on WebGPU: a value depends only on (seed, stream, row-major index). This is its spec,
// run by the interpreters; the code generators get the same arithmetic over the kernel IR from
// src/backend/kernel/passes/decompose.ts. Imports nothing.

/** A 32-bit mixing function (the "lowbias32" integer hash). */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** The key of a (seed, stream) pair. */
export const randomKey = (seed: number, stream: number): number => mix32((seed + mix32((stream + 0x9e3779b9) >>> 0)) >>> 0);

/** A uniform float in [0, 1) with 24 random bits, exactly representable in float32. */
export function uniform(seed: number, stream: number, index: number): number {
  const key = randomKey(seed, stream);
  const bits = mix32((mix32((index ^ key) >>> 0) + key) >>> 0);
  return (bits >>> 8) / 16777216;
}
