// Fresh random inputs for tests: a new seed every run, reproducible with NT_TEST_SEED=... (a failing test prints
// its seed: test/helpers/report-seed.ts).
// Never zeros or ones only. Independent of the library's own generator.

const envSeed = process.env.NT_TEST_SEED;
export const testSeed = envSeed ? Number(envSeed) : Math.floor(Math.random() * 2 ** 31);

/** A small seeded generator (mulberry32). */
export function rng(seed = testSeed): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const shared = rng();
/** n uniform floats in [lo, hi), exactly representable in float32. */
export function randomFloats(n: number, lo = -2, hi = 2, next = shared): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = lo + (hi - lo) * next();
  return out;
}
/** n uniform integers in [lo, hi). */
export function randomInts(n: number, lo: number, hi: number, next = shared): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = lo + Math.floor((hi - lo) * next());
  return out;
}
/** n random booleans as 0/1 bytes. */
export function randomBools(n: number, next = shared): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = next() < 0.5 ? 1 : 0;
  return out;
}
