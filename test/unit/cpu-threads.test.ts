// The CPU thread pool's launches (src/backend/cpu/threads.ts): the threads take chunks of a kernel's parallel
// loop from a shared counter, so a worker the system runs late leaves its chunks to the calling thread; while a
// worker of an earlier launch has not said done, launches run on the calling thread alone (its slot and the
// launch block are not reused under it). Checked with a hand-written kernel whose share on a worker can be
// made slow, and with generated kernels split at every size, against float64.
import { afterEach, describe, expect, it } from "vitest";
import type { CpuDevice } from "../../src/backend/cpu/device.js";
import type { CompiledKernel } from "../../src/backend/cpu/executor.js";
import { FunctionBuilder, ModuleBuilder } from "../../src/backend/cpu/wasm/module.js";
import { getDefaultDevice, randn } from "../../src/index.js";
import { testSeed } from "../helpers/random.js";

const device = getDefaultDevice() as CpuDevice;
const executor = device.executor;
const pool = executor.pool;
const thresholds = { ...executor.split };
afterEach(() => Object.assign(executor.split, thresholds));

/**
 * run(delay, tag, out, start, end): spins `delay` iterations, then writes out[i] = 2i + 1 + tag for start ≤ i <
 * end, over the CPU heap's shared memory (tag 0.5 on a worker tells which elements it wrote).
 */
function fillKernel(): CompiledKernel {
  const m = new ModuleBuilder({ shared: executor.heap.shared, maxPages: 65536 });
  const f = new FunctionBuilder("run", ["i32", "f32", "i32", "i32", "i32"]);
  const [delay, tag, out, start, end] = [0, 1, 2, 3, 4];
  f.block().loop().get(delay).op("i32.eqz").brIf(1).get(delay).i32(1).op("i32.sub").set(delay).br(0).end().end();
  f.block().loop().get(start).get(end).op("i32.ge_s").brIf(1);
  f.get(out).get(start).i32(4).op("i32.mul").op("i32.add").get(start).op("f32.convert_i32_s").f32(2).op("f32.mul").f32(1).op("f32.add").get(tag).op("f32.add").mem("f32.store");
  f.get(start).i32(1).op("i32.add").set(start).br(0).end().end();
  m.add(f, true);
  const module = new WebAssembly.Module(m.bytes());
  const run = new WebAssembly.Instance(module, { env: { memory: executor.heap.memory } }).exports.run as (...a: number[]) => void;
  return { hash: "fill", module, run } as unknown as CompiledKernel;
}

/** Checks out[i] = 2i + 1 (+ a worker's tag) everywhere; returns how many elements a worker wrote. */
const expectFilled = (address: number, n: number): number => {
  const got = executor.heap.f32(address, n);
  let byWorkers = 0;
  for (let i = 0; i < n; i++) {
    if (Math.floor(got[i]!) !== 2 * i + 1) expect.fail(`element ${i}: got ${got[i]}, want ${2 * i + 1}`);
    if (got[i] !== 2 * i + 1) byWorkers++;
  }
  return byWorkers;
};
/** A thread's arguments: the worker's share spins `slow` iterations first and tags what it writes. */
const argsOf = (out: number, slow = 0) => (part: number) => (part ? [slow, 0.5, out] : [0, 0, out]);

describe.runIf(pool !== undefined)("the CPU thread pool", () => {
  it("cuts a launch into chunks the threads take: every element written once, for any extent and chunk count", () => {
    const kernel = fillKernel();
    for (const [n, chunks] of [[2, 2], [3, 64], [17, 5], [1000, 16], [65_537, 3]] as const) {
      const out = executor.heap.alloc(4 * n);
      executor.heap.f32(out, n).fill(-1);
      pool!.settle();
      const splits = pool!.splits;
      pool!.run(kernel, argsOf(out), n, 2, undefined, undefined, chunks);
      expect(pool!.splits).toBe(splits + 1);
      expectFilled(out, n);
      executor.heap.free(out);
    }
  });

  it("leaves the chunks of a worker that is slow to the calling thread", () => {
    const kernel = fillKernel();
    const n = 6400;
    const out = executor.heap.alloc(4 * n);
    // The worker spins a tenth of a second or more in each chunk it takes: the calling thread takes the others
    // (fixed halves would leave it 3,200 elements).
    pool!.settle();
    pool!.run(kernel, argsOf(out, 3e8), n, 2, undefined, undefined, 64);
    // (one chunk, 100 elements; four allowed should the system stop this thread a while)
    expect(expectFilled(out, n)).toBeLessThanOrEqual(n / 16);
    executor.heap.free(out);
  });

  it("runs launches on the calling thread alone while a worker of an earlier launch is late, then splits again", () => {
    const kernel = fillKernel();
    const n = 4096;
    const [out, other] = [executor.heap.alloc(4 * n), executor.heap.alloc(4 * n)];
    const released: string[] = [];
    // A fixed split whose work counts as done at once (as a sparse kernel's chunk table says): the launch does
    // not wait for its worker, which spins about 0.1 s on an empty range and is late.
    pool!.settle();
    const splits = pool!.splits;
    pool!.run(kernel, argsOf(out, 1e8), n, 2, [0, n, n], { done: () => true, release: () => released.push("late") });
    expect(pool!.splits).toBe(splits + 1);
    expectFilled(out, n);
    expect(released).toEqual([]); // kept until the late worker says done
    pool!.run(kernel, argsOf(other), n, 2, undefined, undefined, 8);
    expect(pool!.splits).toBe(splits + 1); // alone: no split while the worker is late
    expect(expectFilled(other, n)).toBe(0);
    // Once it has said done, launches split again and what the late launch kept is released.
    pool!.settle();
    expect(released).toEqual(["late"]);
    pool!.run(kernel, argsOf(other), n, 2, undefined, undefined, 8);
    expect(pool!.splits).toBe(splits + 2);
    expectFilled(other, n);
    executor.heap.free(out);
    executor.heap.free(other);
  });

  it(`splits generated kernels at every size, with the bits of one thread and float64's values (seed ${testSeed})`, async () => {
    executor.split.map = executor.split.contraction = 0;
    for (const n of [2, 5, 33, 4099, 70_001]) {
      const x = randn([["i", n]], { seed: testSeed + n }).materialize();
      const [got, xs] = [await x.mul(2).add(1).data(), await x.data()];
      for (let i = 0; i < n; i++) if (got[i] !== Math.fround(Math.fround(xs[i]! * 2) + 1)) expect.fail(`n ${n}, element ${i} (seed ${testSeed})`);
    }
    // A launch on one thread (a worker late) and one in chunks (odd bounds) give the same bits: the SIMD body and
    // the scalar leftovers of a chunk compute alike.
    const x = randn([["i", 70_003]], { seed: testSeed }).mul(3).materialize();
    for (const f of [(t: typeof x) => t.exp(), (t: typeof x) => t.tanh(), (t: typeof x) => t.sin(), (t: typeof x) => t.erf(), (t: typeof x) => t.abs().pow(1.3)]) {
      executor.split.map = Infinity;
      const alone = await f(x).data();
      executor.split.map = 0;
      pool!.settle();
      const splits = pool!.splits;
      const split = await f(x).data();
      expect(pool!.splits).toBe(splits + 1);
      for (let i = 0; i < alone.length; i++) if (!Object.is(alone[i], split[i])) expect.fail(`${f}: element ${i} differs split (seed ${testSeed})`);
    }
    const [M, K, N] = [67, 45, 131];
    const a = randn([["m", M], ["k", K]], { seed: testSeed + 1 });
    const b = randn([["k", K], ["n", N]], { seed: testSeed + 2 });
    const [c, as, bs] = [await a.dot("k", b).data(), await a.data(), await b.data()];
    for (let i = 0; i < M; i++)
      for (let j = 0; j < N; j++) {
        let [want, scale] = [0, 0];
        for (let k = 0; k < K; k++) [want, scale] = [want + as[i * K + k]! * bs[k * N + j]!, scale + Math.abs(as[i * K + k]! * bs[k * N + j]!)];
        if (!(Math.abs(c[i * N + j]! - want) <= 1e-6 * scale + 1e-7)) expect.fail(`matmul [${i}, ${j}]: got ${c[i * N + j]}, want ${want} (seed ${testSeed})`);
      }
  });
});

describe("a large kernel's first launch on one thread", () => {
  it(`runs in pieces (V8 optimizes a module only for later calls) with the bits of its later launches (seed ${testSeed})`, async () => {
    executor.split.map = Infinity;
    executor.split.contraction = Infinity;
    let calls = 0;
    const set = executor.cache.set.bind(executor.cache);
    executor.cache.set = (hash, c) => {
      const run = c.run;
      (c as { run: CompiledKernel["run"] }).run = (...args) => {
        calls++;
        run(...args);
      };
      return set(hash, c);
    };
    try {
      const n = (1 << 21) + 3;
      const x = randn([["i", 2051], ["j", 1023]], { seed: testSeed }).materialize();
      const a = randn([["m", 257], ["k", 255]], { seed: testSeed + 1 }).materialize();
      const b = randn([["k", 255], ["n", 259]], { seed: testSeed + 2 }).materialize();
      const v = randn([["i", n]], { seed: testSeed + 3 }).materialize();
      const cases: [string, () => { data(): Promise<Float32Array> }][] = [
        ["exp · sin over 2^21 + 3 elements", () => v.exp().mul(v.sin()) as never],
        ["a 257 × 255 × 259 product", () => a.dot("k", b) as never],
        ["a sum over the rows of 2051 × 1023", () => x.sum("i") as never],
        ["softmax over rows of 2051 × 1023", () => x.softmax("j") as never],
      ];
      for (const [what, f] of cases) {
        calls = 0;
        const first = await f().data();
        const firstCalls = calls;
        calls = 0;
        const again = await f().data();
        expect(firstCalls, what).toBeGreaterThan(calls);
        for (let i = 0; i < first.length; i++) if (!Object.is(first[i], again[i])) expect.fail(`${what}: element ${i} differs from the later launch (seed ${testSeed})`);
      }
      // and the pieces compute the product itself (float64 loops)
      const [c, as, bs] = [await a.dot("k", b).data(), await a.data(), await b.data()];
      for (let i = 0; i < 257; i += 7)
        for (let j = 0; j < 259; j += 5) {
          let [want, scale] = [0, 0];
          for (let k = 0; k < 255; k++) [want, scale] = [want + as[i * 255 + k]! * bs[k * 259 + j]!, scale + Math.abs(as[i * 255 + k]! * bs[k * 259 + j]!)];
          if (!(Math.abs(c[i * 259 + j]! - want) <= 1e-6 * scale + 1e-7)) expect.fail(`product [${i}, ${j}]: got ${c[i * 259 + j]}, want ${want} (seed ${testSeed})`);
        }
    } finally {
      delete (executor.cache as { set?: unknown }).set;
    }
  });
});
