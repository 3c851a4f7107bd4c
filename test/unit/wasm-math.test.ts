// The generated kernels' transcendental functions (decomposed over the kernel IR by
// src/backend/kernel/passes/decompose.ts, then emitted as Wasm) against float64 Math on wide ranges and special
// values, in scalar and SIMD form; the two forms must agree bit for bit (a vector loop's remainder is scalar).
import { describe, expect, it } from "vitest";
import { erf } from "../../src/backend/cpu/reference.js";
import { generateWasm } from "../../src/backend/cpu/wasm/codegen.js";
import { wasmNative } from "../../src/backend/cpu/wasm/opcodes.js";
import { decomposeKernel } from "../../src/backend/kernel/passes/decompose.js";
import type { Expr, Kernel } from "../../src/backend/kernel/ir.js";
import { ieeePow } from "../../src/graph/alu.js";
import { idxVar } from "../../src/graph/index-expr.js";

type MathFunction = "exp" | "log" | "tanh" | "sin" | "cos" | "erf" | "pow";
const memory = new WebAssembly.Memory({ initial: 64, maximum: 64 });
const heap = new Float32Array(memory.buffer);
const N = 4096;
const [X, Y, OUT_S, OUT_V] = [N, 2 * N, 3 * N, 4 * N];

/**
 * out[i] = fn(x[i], y[i]) for i < N as a generated kernel, twice: vectorised (4 lanes), and scalar (the loads
 * carry an always-true guard, which keeps the loop from being vectorised).
 */
function build(name: MathFunction): { scalar: () => void; vector: () => void } {
  const compile = (vector: boolean, out: number): (() => void) => {
    const i = idxVar("i");
    const guard: Expr = { op: "binary", type: "bool", fn: "lt", a: { op: "idx", type: "i32", index: i }, b: { op: "const", type: "i32", value: N } };
    const load = (input: number): Expr => ({ op: "load", type: "f32", input, index: i, ...(vector ? {} : { guard }) });
    const value: Expr = name === "pow" ? { op: "binary", type: "f32", fn: "pow", a: load(0), b: load(1) } : { op: "unary", type: "f32", fn: name, x: load(0) };
    const k: Kernel = {
      mode: { kind: "map" },
      inputs: [{ type: "f32", length: N }, { type: "f32", length: N }],
      params: [],
      outer: [],
      phases: [],
      inner: [{ name: "i", extent: N }],
      value,
      output: { type: "f32", index: i, length: N },
    };
    const wasm = generateWasm(decomposeKernel(k, wasmNative), { shared: false, maxPages: 64 });
    const run = new WebAssembly.Instance(new WebAssembly.Module(wasm.bytes), { env: { memory } }).exports.run as (...args: number[]) => void;
    return () => run(out * 4, X * 4, Y * 4, 0, 1);
  };
  return { scalar: compile(false, OUT_S), vector: compile(true, OUT_V) };
}

/**
 * The worst error in float32 ulps: relative to the float64 value, except where float32 cannot hold it —
 * past its range the result must be ±Infinity, and among subnormals the unit is the smallest subnormal.
 */
function worst(got: Float32Array, want: number[]): number {
  let w = 0;
  for (let i = 0; i < want.length; i++) {
    const g = got[i]!;
    const t = Math.abs(want[i]!) > 3.4028234663852886e38 ? Math.sign(want[i]!) * Infinity : want[i]!;
    if (Math.abs(t) < 2 ** -126) {
      // subnormal results: the unit is the smallest subnormal
      w = Math.max(w, Math.abs(g - t) / 2 ** -149 / 4);
      continue;
    }
    if (Number.isNaN(t) || !Number.isFinite(t)) {
      if (!Object.is(g, t) && !(Number.isNaN(g) && Number.isNaN(t))) throw new Error(`at ${i}: ${g} vs ${t}`);
      continue;
    }
    w = Math.max(w, Math.abs(g - t) / Math.max(Math.abs(t), 1e-30) / 2 ** -23);
  }
  return w;
}

const spread = (lo: number, hi: number): number[] => Array.from({ length: N }, (_, i) => Math.fround(lo + ((hi - lo) * i) / (N - 1)));
const special = [0, -0, 1, -1, Infinity, -Infinity, NaN, 1e-40, -1e-40, 88.7, -87.3, 100, -110, 1e-8];
/**
 * sin/cos arguments past the fast reduction (|x| >= 8192, up to float32's largest), interleaved with small ones so
 * that a vector holds both kinds: magnitudes 2^13..2^127, the float32 values nearest to large multiples of π/2
 * (where the reduction cancels most bits), and the edges of the switch.
 */
const largeTrig = (() => {
  const out: number[] = [8191.999, 8192, -8192, 8192.001, 3.4028234663852886e38, -3.4028234663852886e38, 1e9, 1e20];
  for (let k = 1; k <= 1e9; k *= 7) out.push(Math.fround((k * Math.PI) / 2), Math.fround((-k * Math.PI) / 2 - 1e-3));
  for (let e = 13; e < 128; e++) out.push(Math.fround(2 ** e * (1 + ((e * 0.37) % 1))), -Math.fround(2 ** e * 1.5));
  return out.flatMap((v, i) => [v, Math.fround(Math.sin(i) * 3)]);
})();

const cases: [MathFunction, number[], (x: number, y: number) => number, number][] = [
  // special values first: the inputs are cut to N
  ["exp", [...special, ...spread(-100, 89)], Math.exp, 2],
  ["log", [...special, ...spread(0.5, 2).slice(0, 1000), 1e-41, 3e-39, ...spread(1e-6, 1e6).map(Math.fround)], Math.log, 3],
  ["tanh", [...special, ...spread(-0.5, 0.5).slice(0, 1000), ...spread(-12, 12)], Math.tanh, 4],
  ["sin", [...special, ...largeTrig, ...spread(-100, 100)], Math.sin, 0],
  ["cos", [...special, ...largeTrig, ...spread(-100, 100)], Math.cos, 0],
  ["erf", [...special, ...spread(-1.2, 1.2).slice(0, 1000), ...spread(-6, 6)], erf, 4],
];

describe("wasm math", () => {
  for (const [name, xs, fn, ulps] of cases) {
    it(`${name}: scalar and SIMD match float64 Math and each other`, () => {
      const k = build(name);
      const inputs = xs.slice(0, N).map(Math.fround);
      heap.fill(0, 0, 4 * N);
      heap.set(inputs, X);
      k.scalar();
      k.vector();
      const scalar = heap.slice(OUT_S, OUT_S + inputs.length);
      const vector = heap.slice(OUT_V, OUT_V + inputs.length);
      expect(new Uint32Array(vector.buffer)).toEqual(new Uint32Array(scalar.buffer));
      const want = inputs.map((x) => fn(x, 0));
      if (ulps > 0) expect(worst(scalar, want)).toBeLessThan(ulps);
      else {
        // sin/cos: absolute error (near their zeros relative error is meaningless for reduced arguments)
        for (let i = 0; i < want.length; i++) if (Number.isFinite(want[i]!)) expect(Math.abs(scalar[i]! - want[i]!)).toBeLessThan(4e-7);
      }
    });
  }
  it("exp is exact where float32 holds the value: e^0 = 1 (softmax of one element, a sigmoid's e^-0)", () => {
    const k = build("exp");
    const inputs = [0, -0, 1e-9, -1e-9, 1, -1, Math.log(2)].map(Math.fround);
    heap.set(inputs, X);
    k.scalar();
    k.vector();
    const [scalar, vector] = [heap.slice(OUT_S, OUT_S + inputs.length), heap.slice(OUT_V, OUT_V + inputs.length)];
    expect(Array.from(scalar.subarray(0, 4))).toEqual([1, 1, 1, 1]);
    expect(Array.from(vector.subarray(0, 4))).toEqual([1, 1, 1, 1]);
    // e and 1/e correctly rounded, 2^x at ln 2 within an ulp
    expect(Array.from(scalar.subarray(4, 6))).toEqual([Math.fround(Math.E), Math.fround(1 / Math.E)]);
    expect(Math.abs(scalar[6]! - 2)).toBeLessThanOrEqual(2 ** -22);
  });

  it("pow: magnitudes, negative bases with integer exponents, zeros, NaN, IEEE's 1^NaN and (-inf)^y", () => {
    const k = build("pow");
    const xs = [2, 3, 0.5, 10, -2, -2, -2, 0, 0, 0, NaN, 1, 7.5, -3, 1e-3, 4, -1, -Infinity, -Infinity, -0, -0, -0].map(Math.fround);
    const ys = [10, 0.5, -3, -2, 3, 2, 0.5, 2, -1, 0, 0, NaN, 1.7, -3, 2, 0.25, Infinity, -1.5, 3, -3, 3, 0.5].map(Math.fround);
    heap.set(xs, X);
    heap.set(ys, Y);
    k.scalar();
    k.vector();
    const got = heap.slice(OUT_S, OUT_S + xs.length);
    expect(new Uint32Array(heap.slice(OUT_V, OUT_V + xs.length).buffer)).toEqual(new Uint32Array(got.buffer));
    expect(worst(got, xs.map((x, i) => ieeePow(x, ys[i]!)))).toBeLessThan(24);
  });
});
