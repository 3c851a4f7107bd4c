// Checks the Wasm writer against the engine: every SIMD and scalar instruction in its table is executed on
// known inputs and compared with the same operation in JavaScript, so a wrong opcode cannot go unnoticed.
import { describe, expect, it } from "vitest";
import { FunctionBuilder, ModuleBuilder } from "../../src/backend/cpu/wasm/module.js";

const memory = new WebAssembly.Memory({ initial: 1, maximum: 16 });
const f32 = new Float32Array(memory.buffer);
const i32 = new Int32Array(memory.buffer);

/** Builds `run()` that loads lane vectors at 0 and 16, applies `body`, and stores a v128 at 32. */
function runVector(body: (f: FunctionBuilder) => void): void {
  const f = new FunctionBuilder("run", []);
  f.i32(32);
  body(f);
  f.mem("v128.store");
  const m = new ModuleBuilder({ shared: false, maxPages: 16 });
  m.add(f, true);
  const instance = new WebAssembly.Instance(new WebAssembly.Module(m.bytes()), { env: { memory } });
  (instance.exports.run as () => void)();
}
const loadAB = (f: FunctionBuilder): void => {
  f.i32(0).mem("v128.load").i32(0).i32(16).op("i32.add").mem("v128.load");
};
const a = [1.5, -2.25, 3, Number.NaN];
const b = [0.5, 4, -3, 2];
const ia = [7, -3, 12, -2147483648];
const ib = [2, 5, -4, 3];

const floatBinary: [string, (x: number, y: number) => number][] = [
  ["f32x4.add", (x, y) => x + y], ["f32x4.sub", (x, y) => x - y], ["f32x4.mul", (x, y) => x * y], ["f32x4.div", (x, y) => x / y],
  ["f32x4.min", (x, y) => (Number.isNaN(x) || Number.isNaN(y) ? NaN : Math.min(x, y))],
  ["f32x4.max", (x, y) => (Number.isNaN(x) || Number.isNaN(y) ? NaN : Math.max(x, y))],
];
const floatCompare: [string, (x: number, y: number) => boolean][] = [
  ["f32x4.eq", (x, y) => x === y], ["f32x4.ne", (x, y) => x !== y], ["f32x4.lt", (x, y) => x < y],
  ["f32x4.gt", (x, y) => x > y], ["f32x4.le", (x, y) => x <= y], ["f32x4.ge", (x, y) => x >= y],
];
const floatUnary: [string, (x: number) => number][] = [
  ["f32x4.abs", Math.abs], ["f32x4.neg", (x) => -x], ["f32x4.sqrt", Math.sqrt], ["f32x4.ceil", Math.ceil],
  ["f32x4.floor", Math.floor], ["f32x4.trunc", Math.trunc],
  ["f32x4.nearest", (x) => (Math.abs(x % 1) === 0.5 ? 2 * Math.round(x / 2) : Math.round(x))],
];
const intBinary: [string, (x: number, y: number) => number][] = [
  ["i32x4.add", (x, y) => (x + y) | 0], ["i32x4.sub", (x, y) => (x - y) | 0], ["i32x4.mul", Math.imul],
  ["i32x4.min_s", Math.min], ["i32x4.max_s", Math.max],
  ["i32x4.eq", (x, y) => (x === y ? -1 : 0)], ["i32x4.ne", (x, y) => (x !== y ? -1 : 0)], ["i32x4.lt_s", (x, y) => (x < y ? -1 : 0)],
  ["i32x4.gt_s", (x, y) => (x > y ? -1 : 0)], ["i32x4.le_s", (x, y) => (x <= y ? -1 : 0)], ["i32x4.ge_s", (x, y) => (x >= y ? -1 : 0)],
  ["v128.and", (x, y) => x & y], ["v128.or", (x, y) => x | y], ["v128.xor", (x, y) => x ^ y], ["v128.andnot", (x, y) => x & ~y],
];

describe("wasm writer", () => {
  for (const [name, fn] of floatBinary)
    it(name, () => {
      f32.set([...a, ...b]);
      runVector((f) => (loadAB(f), f.op(name)));
      expect([...f32.subarray(8, 12)]).toEqual(a.map((x, i) => Math.fround(fn(x, b[i]!))));
    });
  for (const [name, fn] of floatCompare)
    it(name, () => {
      f32.set([...a, ...b]);
      runVector((f) => (loadAB(f), f.op(name)));
      expect([...i32.subarray(8, 12)]).toEqual(a.map((x, i) => (fn(x, b[i]!) ? -1 : 0)));
    });
  for (const [name, fn] of floatUnary)
    it(name, () => {
      f32.set([2.5, -2.5, 3.7, 4]);
      runVector((f) => f.i32(0).mem("v128.load").op(name));
      expect([...f32.subarray(8, 12)]).toEqual([2.5, -2.5, 3.7, 4].map((x) => Math.fround(fn(Math.fround(x)))));
    });
  for (const [name, fn] of intBinary)
    it(name, () => {
      i32.set([...ia, ...ib]);
      runVector((f) => (loadAB(f), f.op(name)));
      expect([...i32.subarray(8, 12)]).toEqual(ia.map((x, i) => fn(x, ib[i]!)));
    });
  it("integer lane ops, shifts, conversions, splats, lanes, bitselect, const", () => {
    i32.set([...ia, ...ib]);
    runVector((f) => f.i32(0).mem("v128.load").op("i32x4.abs"));
    expect([...i32.subarray(8, 12)]).toEqual(ia.map((x) => Math.abs(x) | 0));
    runVector((f) => f.i32(0).mem("v128.load").op("i32x4.neg"));
    expect([...i32.subarray(8, 12)]).toEqual(ia.map((x) => -x | 0));
    runVector((f) => f.i32(0).mem("v128.load").i32(3).op("i32x4.shl"));
    expect([...i32.subarray(8, 12)]).toEqual(ia.map((x) => x << 3));
    runVector((f) => f.i32(0).mem("v128.load").i32(3).op("i32x4.shr_s"));
    expect([...i32.subarray(8, 12)]).toEqual(ia.map((x) => x >> 3));
    runVector((f) => f.i32(0).mem("v128.load").i32(3).op("i32x4.shr_u"));
    expect([...i32.subarray(8, 12)]).toEqual(ia.map((x) => (x >>> 3) | 0));
    runVector((f) => f.i32(0).mem("v128.load").op("f32x4.convert_i32x4_s"));
    expect([...f32.subarray(8, 12)]).toEqual(ia.map((x) => Math.fround(x)));
    f32.set([2.7, -2.7, 3e10, NaN]);
    runVector((f) => f.i32(0).mem("v128.load").op("i32x4.trunc_sat_f32x4_s"));
    expect([...i32.subarray(8, 12)]).toEqual([2, -2, 2147483647, 0]);
    runVector((f) => f.f32(1.25).op("f32x4.splat"));
    expect([...f32.subarray(8, 12)]).toEqual([1.25, 1.25, 1.25, 1.25]);
    runVector((f) => f.i32(-9).op("i32x4.splat"));
    expect([...i32.subarray(8, 12)]).toEqual([-9, -9, -9, -9]);
    f32.set([5.5]);
    runVector((f) => f.i32(0).mem("v128.load32_splat"));
    expect([...f32.subarray(8, 12)]).toEqual([5.5, 5.5, 5.5, 5.5]);
    runVector((f) => f.v128i([1, 2, 3, 4]).i32(42).lane("i32x4.replace_lane", 2));
    expect([...i32.subarray(8, 12)]).toEqual([1, 2, 42, 4]);
    runVector((f) => f.v128i([0, 0, 0, 0]).f32(2.5).lane("f32x4.replace_lane", 3));
    expect([...f32.subarray(8, 12)]).toEqual([0, 0, 0, 2.5]);
    i32.set([10, 20, 30, 40, -1, 0, -1, 0, 1, 2, 3, 4]);
    runVector((f) => f.i32(0).mem("v128.load").i32(32).mem("v128.load").i32(16).mem("v128.load").op("v128.bitselect"));
    expect([...i32.subarray(8, 12)]).toEqual([10, 2, 30, 4]);
    i32.set([1, 2, 3, 4]);
    runVector((f) => f.i32(0).mem("v128.load").op("v128.not"));
    expect([...i32.subarray(8, 12)]).toEqual([~1, ~2, ~3, ~4]);
  });
  it("extract lanes, any_true, all_true, bitmask, and scalar ops", () => {
    const g = new FunctionBuilder("g", ["i32"], ["i32"]);
    g.v128i([0, 7, 0, -1]).lane("i32x4.extract_lane", 1).v128i([0, 0, 1, 0]).op("v128.any_true").op("i32.add");
    g.v128i([1, 1, 1, 0]).op("i32x4.all_true").op("i32.add").v128i([-1, 0, 0, -1]).op("i32x4.bitmask").op("i32.add");
    g.get(0).op("i32.add").f32(2.5).op("f32x4.splat").lane("f32x4.extract_lane", 2).op("f32.nearest").op("i32.trunc_sat_f32_s").op("i32.add");
    const m = new ModuleBuilder({ shared: false, maxPages: 16 });
    m.add(g, true);
    const inst = new WebAssembly.Instance(new WebAssembly.Module(m.bytes()), { env: { memory } });
    expect((inst.exports.g as (x: number) => number)(100)).toBe(7 + 1 + 0 + 9 + 100 + 2);
  });
});
