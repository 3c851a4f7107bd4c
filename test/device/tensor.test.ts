// Runtime suite for src/tensor.ts and src/tensor-format.ts on every device: introspection (.shape .dims .dtype
// .rank .numel), the printed form, reading values (item, toArray/array, data/dataSync), materialize, dispose,
// and the helper-pattern pair dynamic() / shapedLike().
import { inspect } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { ShapeError, type Shape, type Tensor, full, randn, tensor, zeros, ArgumentError, DeviceError } from "../../src/index.js";
import { notShapedLike } from "../../src/types/errors.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { expectClose, forEachPosition } from "../helpers/naive.js";
import { randomFloats, randomInts } from "../helpers/random.js";

describe.each(deviceNames)("Tensor on %s", (device) => {
  beforeAll(() => useDevice(device));

  describe("introspection", () => {
    it("shape, dims, dtype, rank, numel and device describe the tensor", () => {
      const t = tensor(randomFloats(7 * 33 * 2), [["batch", 7], ["seq", 33], ["d", 2]]);
      expect(t.shape).toEqual({ batch: 7, seq: 33, d: 2 });
      expect(Object.isFrozen(t.shape)).toBe(true);
      expect(Object.keys(t.shape)).toEqual(["batch", "seq", "d"]);
      expect(t.dims).toEqual(["batch", "seq", "d"]);
      expect(t.dtype).toBe("float32");
      expect(t.rank).toBe(3);
      expect(t.numel).toBe(462);
      expect(t.device).toBe(device);
      const s = t.sum(["batch", "seq", "d"]);
      expect([s.rank, s.numel, s.dims, s.shape]).toEqual([0, 1, [], {}]);
      expect(zeros([["a", 0], ["b", 5]]).numel).toBe(0);
      expect(t.gt(0).dtype).toBe("bool");
      expect(t.argmax("d").dtype).toBe("int32");
    });
  });

  describe("reading values", () => {
    it("data() is row-major over the logical dims, a copy, and typed by dtype", async () => {
      const x = randomFloats(7 * 33);
      const t = tensor(x, [["a", 7], ["b", 33]]).mul(2);
      const values = await t.data();
      expect(values).toEqual(Float32Array.from(x, (v) => 2 * v));
      values[0] = 12345;
      expect((await t.data())[0]).toBe(Math.fround(2 * x[0]!));
      const bools = await t.gt(0).data();
      expect(bools).toBeInstanceOf(Uint8Array);
      expect([...bools]).toEqual(Array.from(x, (v) => (v > 0 ? 1 : 0)));
      const ints = randomInts(3, 0, 9);
      const i = await tensor(ints, [["i", 3]]).data();
      expect(i).toBeInstanceOf(Int32Array);
      expect(i).toEqual(ints);
    });

    it("array() nests one level per dim, with booleans for bool and a number for 0-d", async () => {
      const x = randomFloats(3 * 7 * 2);
      const t = tensor(x, [["a", 3], ["b", 7], ["c", 2]]);
      const nested = await t.array();
      forEachPosition([["a", 3], ["b", 7], ["c", 2]], (at, flat) => expect(nested[at.a!]![at.b!]![at.c!]).toBe(x[flat]));
      expect(nested.length).toBe(3);
      expect(nested[0]!.length).toBe(7);
      const b = await t.gt(0).array();
      forEachPosition([["a", 3], ["b", 7], ["c", 2]], (at, flat) => expect(b[at.a!]![at.b!]![at.c!]).toBe(x[flat]! > 0));
      const total = await t.sum(["a", "b", "c"]).array();
      expect(total).toBeTypeOf("number");
      expectClose([total], [x.reduce((s, v) => s + v, 0)], 1e-5, 1e-5);
      expect(await zeros([["a", 2], ["b", 0]]).array()).toEqual([[], []]);
    });

    it("a one-element tensor reads as its value; item() refuses any other size on every device", async () => {
      const v = randomFloats(1)[0]!;
      expect(await full([], v).array()).toBe(v);
      expect(await full([["a", 1], ["b", 1]], v).array()).toEqual([[v]]);
      expect(await full([], v).gt(0).array()).toBe(v > 0);
      expect(await tensor(new Int32Array([-7]), [["i", 1]]).array()).toEqual([-7]);
      // The size check comes before any read, so it is the same ShapeError on a device read asynchronously.
      const t = tensor(randomFloats(6), [["a", 2], ["b", 3]]);
      expect(() => t.item()).toThrow(new ShapeError("item() needs a tensor with one element, not 6"));
      expect(() => zeros([["a", 0]]).item()).toThrow(new ShapeError("item() needs a tensor with one element, not 0"));
    });

    it("materialize() computes once and keeps the values; later reads agree", async () => {
      const x = randomFloats(33);
      const t = tensor(x, [["i", 33]]).exp().add(1);
      expect(t.isMaterialized).toBe(false);
      expect(t.materialize()).toBe(t);
      expect(t.isMaterialized).toBe(true);
      // exp on a float32 device is accurate to a few ulp.
      const first = await t.data();
      expectClose(first, Float64Array.from(x, (v) => Math.exp(v) + 1), 1e-6, 0);
      // Results built on a materialised tensor read its stored values (× 2 is exact).
      expect(await t.mul(2).data()).toEqual(Float32Array.from(first, (v) => 2 * v));
      expect(await t.data()).toEqual(first);
    });

    it("dispose() frees the values; reading afterwards throws a clear error; other results are unaffected", async () => {
      const x = randomFloats(7);
      const source = tensor(x, [["i", 7]]);
      const done = source.add(1).materialize();
      const lazy = source.mul(2);
      source.dispose();
      expect(source.isDisposed).toBe(true);
      expect(() => source.dataSync()).toThrow("this tensor was disposed");
      await expect(source.data()).rejects.toThrow("this tensor was disposed");
      expect(source.toString()).toBe("Tensor { i: 7 } float32\n(disposed)");
      expect(() => lazy.dataSync()).toThrow("this tensor, or one it is computed from, was disposed");
      await expect(lazy.data()).rejects.toThrow("this tensor, or one it is computed from, was disposed");
      expect(String(lazy)).toBe("Tensor { i: 7 } float32\n(not computable: an input was disposed)");
      expect(await done.data()).toEqual(Float32Array.from(x, (v) => v + 1));
      done.dispose();
      done.dispose();
      expect(() => done.toArray()).toThrow("this tensor was disposed");
      await expect(done.array()).rejects.toThrow("this tensor was disposed");
    });
  });

  describe("printing", () => {
    // The values are printed on the CPU only (toString is synchronous): see "printed values on the CPU" below.
    it("prints a named header with the sizes, private marks and dtype; inspect() is toString()", () => {
      const header = (t: { toString(): string }): string => String(t).split("\n")[0]!;
      const t = tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"]);
      expect(header(t)).toBe("Tensor { batch: 2, feat: 3 } float32");
      expect(inspect(t)).toBe(t.toString());
      expect(header(full([], 3.25))).toBe("Tensor {} float32");
      expect(header(tensor([true, false], ["i"]))).toBe("Tensor { i: 2 } bool");
      expect(header(tensor(new Int32Array([3, -40]), [["i", 2]]))).toBe("Tensor { i: 2 } int32");
      const m = tensor(randomFloats(14), [["batch", 7], ["d", 2]]).mask("batch");
      expect(header(m)).toBe("Tensor { batch (private): 7, d: 2 } float32");
      expect(header(zeros([["a", 0], ["b", 3]]))).toBe("Tensor { a: 0, b: 3 } float32");
    });

    it("does not compute a huge lazy tensor just to print it", () => {
      const big = zeros([["a", 2000], ["b", 1000]]).add(1);
      expect(String(big).split("\n")[0]).toBe("Tensor { a: 2000, b: 1000 } float32");
      expect(big.isMaterialized).toBe(false);
    });
  });

  describe("dynamic() and shapedLike()", () => {
    it("dynamic() is the same tensor; shapedLike() accepts exactly the reference's dims", async () => {
      const x = tensor(randomFloats(21), [["a", 7], ["b", 3]]);
      const d: Tensor<Shape, "float32"> = x.dynamic();
      expect(d).toBe(x);
      const back = d.exp().shapedLike(x);
      expect(back.dims).toEqual(["a", "b"]);
      expect(await back.data()).toEqual(await x.exp().data());
      const spelled = d.sum("b").shapedLike([["a", 7]]);
      expect(spelled.shape).toEqual({ a: 7 });
      const masked = x.mask("a");
      expect(masked.dynamic().relu().shapedLike(masked).dims).toEqual(["a", "b"]);
      expect(masked.dynamic().shapedLike([["a", 7, "masked"], ["b", 3]]).dims).toEqual(["a", "b"]);
    });

    it("shapedLike() throws a ShapeError naming both dim lists when names, sizes, order or privacy differ", () => {
      const x = tensor(randomFloats(21), [["a", 7], ["b", 3]]);
      const d = x.dynamic();
      expect(() => d.sum("b").shapedLike(x)).toThrow(new ShapeError(notShapedLike("{ a: 7, b: 3 }", "{ a: 7 }")));
      expect(() => d.shapedLike([["b", 3], ["a", 7]])).toThrow("expected the dimensions { b: 3, a: 7 } but this tensor has { a: 7, b: 3 }");
      expect(() => d.shapedLike([["a", 7], ["b", 4]])).toThrow(new ShapeError(notShapedLike("{ a: 7, b: 4 }", "{ a: 7, b: 3 }")));
      expect(() => d.shapedLike(x.mask("a"))).toThrow(new ShapeError(notShapedLike("{ a (private): 7, b: 3 }", "{ a: 7, b: 3 }")));
      expect(() => d.shapedLike([["a", 7], ["b", 3, "hidden"]] as never)).toThrow(ArgumentError);
      expect(() => d.shapedLike("a" as never)).toThrow(ArgumentError);
    });
  });
});

// The synchronous reads (dataSync, toArray, item) and the printed values exist on the CPU only: a device whose
// values are read asynchronously cannot return them from a synchronous call (see the suite after this one).
describe("synchronous reads and printed values on the CPU", () => {
  beforeAll(() => useDevice("cpu"));

  describe("reading values", () => {
    it("data() and dataSync() agree, are row-major over the logical dims, and are copies", async () => {
      const x = randomFloats(7 * 33);
      const t = tensor(x, [["a", 7], ["b", 33]]).mul(2);
      const [async_, sync] = [await t.data(), t.dataSync()];
      expect(sync).toEqual(async_);
      expect(sync).toEqual(Float32Array.from(x, (v) => 2 * v));
      sync[0] = 12345;
      expect((await t.data())[0]).toBe(Math.fround(2 * x[0]!));
      expect(t.dataSync()[0]).toBe(Math.fround(2 * x[0]!));
      expect(t.gt(0).dataSync()).toBeInstanceOf(Uint8Array);
      expect(tensor(randomInts(3, 0, 9), [["i", 3]]).dataSync()).toBeInstanceOf(Int32Array);
    });

    it("toArray() and array() nest one level per dim, with booleans for bool", async () => {
      const x = randomFloats(3 * 7 * 2);
      const t = tensor(x, [["a", 3], ["b", 7], ["c", 2]]);
      const nested = t.toArray();
      expect(await t.array()).toEqual(nested);
      forEachPosition([["a", 3], ["b", 7], ["c", 2]], (at, flat) => expect(nested[at.a!]![at.b!]![at.c!]).toBe(x[flat]));
      expect(nested.length).toBe(3);
      expect(nested[0]!.length).toBe(7);
      const b = t.gt(0).toArray();
      forEachPosition([["a", 3], ["b", 7], ["c", 2]], (at, flat) => expect(b[at.a!]![at.b!]![at.c!]).toBe(x[flat]! > 0));
      expect(t.sum(["a", "b", "c"]).toArray()).toBeTypeOf("number");
      expect(zeros([["a", 2], ["b", 0]]).toArray()).toEqual([[], []]);
    });

    it("item() reads the one element of a tensor, as a number or a boolean", () => {
      const v = randomFloats(1)[0]!;
      expect(full([], v).item()).toBe(v);
      expect(full([["a", 1], ["b", 1]], v).item()).toBe(v);
      expect(full([], v).gt(0).item()).toBe(v > 0);
      expect(tensor(new Int32Array([-7]), [["i", 1]]).item()).toBe(-7);
      const t = tensor(randomFloats(6), [["a", 2], ["b", 3]]);
      expect(() => t.item()).toThrow(new ShapeError("item() needs a tensor with one element, not 6"));
      expect(() => zeros([["a", 0]]).item()).toThrow(new ShapeError("item() needs a tensor with one element, not 0"));
    });

    it("materialize() keeps the values that dataSync() then reads", async () => {
      const x = randomFloats(33);
      const t = tensor(x, [["i", 33]]).exp().add(1);
      expect(t.materialize().isMaterialized).toBe(true);
      expectClose(t.dataSync(), Float64Array.from(x, (v) => Math.exp(v) + 1), 1e-6, 0);
      expect(t.dataSync()).toEqual(await t.data());
    });
  });

  describe("printing", () => {
    it("prints a named header, then the values nested by dim", () => {
      const t = tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"]);
      expect(t.toString()).toBe("Tensor { batch: 2, feat: 3 } float32\n[[1., 2., 3.],\n [4., 5., 6.]]");
      expect(inspect(t)).toBe(t.toString());
      expect(String(tensor([1.5, -0.25], ["i"]))).toBe("Tensor { i: 2 } float32\n[1.5000, -0.2500]");
      expect(String(full([], 3.25))).toBe("Tensor {} float32\n3.2500");
      const cube = tensor([[[1, 2], [3, 4]], [[5, 6], [7, 8]]], ["a", "b", "c"]);
      expect(String(cube)).toBe("Tensor { a: 2, b: 2, c: 2 } float32\n[[[1., 2.],\n  [3., 4.]],\n\n [[5., 6.],\n  [7., 8.]]]");
      expect(String(zeros([["a", 0], ["b", 3]]))).toBe("Tensor { a: 0, b: 3 } float32\n[]");
    });

    it("prints NaN and ±Infinity by name, bool and int32 plainly, and large or tiny values in exponent form", () => {
      expect(String(tensor([NaN, Infinity, -Infinity, 1], ["i"]))).toBe("Tensor { i: 4 } float32\n[NaN, Infinity, -Infinity, 1.]");
      expect(String(tensor([NaN, 0.5], ["i"]))).toBe("Tensor { i: 2 } float32\n[NaN, 0.5000]");
      expect(String(tensor([true, false], ["i"]))).toBe("Tensor { i: 2 } bool\n[true, false]");
      expect(String(tensor(new Int32Array([3, -40]), [["i", 2]]))).toBe("Tensor { i: 2 } int32\n[3, -40]");
      expect(String(tensor([123456.5, 1], ["i"]))).toBe("Tensor { i: 2 } float32\n[1.2346e+5, 1.0000e+0]");
      expect(String(tensor([1e-5, 0.5], ["i"]))).toBe("Tensor { i: 2 } float32\n[1.0000e-5, 5.0000e-1]");
    });

    it("abbreviates long dims to three entries at each end and marks private dims", () => {
      const t = tensor(Float32Array.from({ length: 257 }, (_, i) => i), [["i", 257]]);
      expect(String(t)).toBe("Tensor { i: 257 } float32\n[0., 1., 2., …, 254., 255., 256.]");
      const m = tensor(Float32Array.from({ length: 14 }, (_, i) => i), [["batch", 7], ["d", 2]]).mask("batch");
      expect(String(m)).toBe("Tensor { batch (private): 7, d: 2 } float32\n[[0., 1.],\n [2., 3.],\n [4., 5.],\n …,\n [8., 9.],\n [10., 11.],\n [12., 13.]]");
      const wide = randn([["r", 33], ["c", 33]], { seed: 1 });
      const lines = String(wide).split("\n");
      expect(lines.length).toBe(1 + 7);
      expect(lines[4]).toBe(" …,");
    });

    it("does not compute a huge lazy tensor just to print it", () => {
      const big = zeros([["a", 2000], ["b", 1000]]).add(1);
      expect(String(big)).toBe("Tensor { a: 2000, b: 1000 } float32\n(not computed yet)");
      expect(big.isMaterialized).toBe(false);
    });
  });
});

// On a device whose values are read asynchronously (webgpu), the synchronous reads cannot return values: they
// throw an error that says what to use instead, and toString prints the header with a note, never throwing.
describe.each(deviceNames.filter((d) => d !== "cpu"))("synchronous reads on %s", (device) => {
  beforeAll(() => useDevice(device));

  it("dataSync(), toArray() and item() throw, naming data() and array(); the async reads then work", async () => {
    const x = randomFloats(1);
    const t = tensor(x, [["i", 1]]).add(1);
    const message = `values on ${device} are read asynchronously: use await t.data() or await t.array()`;
    expect(() => t.dataSync()).toThrow(new DeviceError(message));
    expect(() => t.toArray()).toThrow(new DeviceError(message));
    expect(() => t.item()).toThrow(new DeviceError(message));
    expect(await t.data()).toEqual(Float32Array.from(x, (v) => v + 1));
    expect(await t.array()).toEqual([Math.fround(x[0]! + 1)]);
  });

  it("toString() prints the header and a note instead of the values, computed or not", async () => {
    const note = `(on ${device}: read the values with await t.data())`;
    const t = tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"]);
    expect(t.toString()).toBe(`Tensor { batch: 2, feat: 3 } float32\n${note}`);
    expect(inspect(t)).toBe(t.toString());
    const m = tensor(randomFloats(14), [["batch", 7], ["d", 2]]).mask("batch").relu();
    expect(String(m)).toBe(`Tensor { batch (private): 7, d: 2 } float32\n${note}`);
    expect(m.isMaterialized).toBe(false);
    m.materialize();
    expect(String(m)).toBe(`Tensor { batch (private): 7, d: 2 } float32\n${note}`);
    expect(String(tensor(new Int32Array([3, -40]), [["i", 2]]).gt(0))).toBe(`Tensor { i: 2 } bool\n${note}`);
  });
});
