// NumPy .npy read/write: round trips of fresh random tensors (float32, int32, bool; odd shapes, scalars,
// private dims), parsing of hand-built files (versions 1.0/2.0/3.0, both Fortran orders, float64, int64,
// bool, uint8, int8), the exact header toNpy writes, and clear errors for what is not supported.
import { beforeAll, describe, expect, it } from "vitest";
import { FormatError, ShapeError, fromNpy, tensor, toNpy } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Layout, forEachPosition } from "../helpers/naive.js";
import { randomBools, randomFloats, randomInts } from "../helpers/random.js";

/** A .npy file built by hand: magic, version, header length, the header dict padded to 64 bytes, the data. */
function npyFile(version: 1 | 2 | 3, descr: string, fortran: boolean, shape: readonly number[], data: Uint8Array): Uint8Array {
  const tuple = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(", ")})`;
  const dict = `{'descr': '${descr}', 'fortran_order': ${fortran ? "True" : "False"}, 'shape': ${tuple}, }`;
  const prefix = version === 1 ? 10 : 12;
  const header = dict + " ".repeat((64 - ((prefix + dict.length + 1) % 64)) % 64) + "\n";
  const out = new Uint8Array(prefix + header.length + data.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, version, 0]);
  const view = new DataView(out.buffer);
  if (version === 1) view.setUint16(8, header.length, true);
  else view.setUint32(8, header.length, true);
  out.set(new TextEncoder().encode(header), prefix);
  out.set(data, prefix + header.length);
  return out;
}
/** The bytes of values in the file's element order: row-major over `layout`, or column-major when `fortran`. */
function encode(values: ArrayLike<number>, layout: Layout, fortran: boolean, bytes: number, write: (v: DataView, o: number, x: number) => void): Uint8Array {
  const out = new Uint8Array(values.length * bytes);
  const view = new DataView(out.buffer);
  forEachPosition(layout, (at, flat) => {
    // Fortran order: the first axis varies fastest.
    let offset = 0;
    let stride = 1;
    for (const [name, size] of fortran ? layout : [...layout].reverse()) {
      offset += at[name]! * stride;
      stride *= size;
    }
    write(view, offset * bytes, values[flat]!);
  });
  return out;
}
const f8 = (v: DataView, o: number, x: number): void => v.setFloat64(o, x, true);
const i8 = (v: DataView, o: number, x: number): void => v.setBigInt64(o, BigInt(x), true);
const u1 = (v: DataView, o: number, x: number): void => v.setUint8(o, x);
const loose = (t: unknown): any => t;

describe.each(deviceNames)("npy on %s", (device) => {
  beforeAll(() => useDevice(device));

  it("round-trips float32, int32 and bool tensors of odd shapes", async () => {
    const f = randomFloats(3 * 5 * 7);
    const x = tensor(f, [["a", 3], ["b", 5], ["c", 7]]);
    const fx = fromNpy(await toNpy(x), ["a", "b", "c"]);
    expect(fx.shape).toEqual({ a: 3, b: 5, c: 7 });
    expect(fx.dtype).toBe("float32");
    expect(await fx.data()).toEqual(f);
    const ints = randomInts(11, -1000000, 1000000);
    const ix = fromNpy(await toNpy(tensor(ints, [["n", 11]], { dtype: "int32" })), ["n"], { dtype: "int32" });
    expect(ix.dtype).toBe("int32");
    expect(await ix.data()).toEqual(ints);
    const bools = randomBools(2 * 9);
    const bx = fromNpy(await toNpy(tensor(bools, [["p", 2], ["q", 9]], { dtype: "bool" })), ["p", "q"]);
    expect(bx.dtype).toBe("bool");
    expect(await bx.data()).toEqual(bools);
    const scalar = fromNpy(await toNpy(tensor(new Float32Array([2.5]), [])), []);
    expect(scalar.dims).toEqual([]);
    expect(Array.from(await scalar.data())).toEqual([2.5]);
  });

  it("writes lazy views in logical order (a transposed, private-dim tensor)", async () => {
    const f = randomFloats(3 * 5);
    const x = loose(tensor(f, [["a", 3], ["b", 5]])).transpose("b", "a").mask("a");
    const back = fromNpy(await toNpy(x), ["b", "a"]);
    const expected = new Float32Array(15);
    forEachPosition([["b", 5], ["a", 3]], (at, flat) => (expected[flat] = f[at.a! * 5 + at.b!]!));
    expect(await back.data()).toEqual(expected);
  });

  it("writes a version 1.0 header padded to 64 bytes", async () => {
    const bytes = await toNpy(tensor(randomInts(6, 0, 9), [["i", 2], ["j", 3]], { dtype: "int32" }));
    expect(Array.from(bytes.subarray(0, 8))).toEqual([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
    const length = bytes[8]! + 256 * bytes[9]!;
    expect((10 + length) % 64).toBe(0);
    const header = new TextDecoder().decode(bytes.subarray(10, 10 + length));
    expect(header.trimEnd()).toBe("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }");
    expect(header.endsWith("\n")).toBe(true);
    expect(bytes.length).toBe(10 + length + 6 * 4);
    const one = new TextDecoder().decode((await toNpy(tensor(randomBools(4), [["k", 4]], { dtype: "bool" }))).subarray(10, 74));
    expect(one.trimEnd()).toBe("{'descr': '|b1', 'fortran_order': False, 'shape': (4,), }");
  });

  it("reads float64 files in C and Fortran order, versions 1.0, 2.0 and 3.0", async () => {
    const layout: Layout = [["a", 3], ["b", 4], ["c", 5]];
    const values = Float64Array.from(randomFloats(60), (v) => v + 1e-9); // not exactly float32
    const expected = Float32Array.from(values);
    for (const version of [1, 2, 3] as const) {
      for (const fortran of [false, true]) {
        const file = npyFile(version, "<f8", fortran, [3, 4, 5], encode(values, layout, fortran, 8, f8));
        const x = fromNpy(file, ["a", "b", "c"], { dtype: "float32" });
        expect(x.shape).toEqual({ a: 3, b: 4, c: 5 });
        expect(await x.data()).toEqual(expected);
      }
    }
  });

  it("reads int64 (range-checked), bool, uint8 and int8 files", async () => {
    const layout: Layout = [["r", 3], ["s", 7]];
    const ints = randomInts(21, -2147483648, 2147483647);
    for (const fortran of [false, true]) {
      const x = fromNpy(npyFile(1, "<i8", fortran, [3, 7], encode(ints, layout, fortran, 8, i8)), ["r", "s"], { dtype: "int32" });
      expect(await x.data()).toEqual(ints);
    }
    const big = npyFile(1, "<i8", false, [2], encode([1, 2 ** 31], [["n", 2]], false, 8, i8));
    expect(() => fromNpy(big, ["n"])).toThrow(new FormatError("npy", "element 1 (2147483648) does not fit in int32", { offset: 136 }));
    const bools = randomBools(21);
    for (const fortran of [false, true]) {
      const b = fromNpy(npyFile(1, "|b1", fortran, [3, 7], encode(bools, layout, fortran, 1, u1)), ["r", "s"], { dtype: "bool" });
      expect(await b.data()).toEqual(bools);
    }
    const bytes = Uint8Array.from(randomInts(21, 0, 256));
    expect(await fromNpy(npyFile(2, "|u1", false, [3, 7], bytes), ["r", "s"], { dtype: "int32" }).data()).toEqual(Int32Array.from(bytes));
    expect(await fromNpy(npyFile(3, "|i1", false, [3, 7], bytes), ["r", "s"], { dtype: "int32" }).data()).toEqual(Int32Array.from(new Int8Array(bytes.buffer)));
  });

  it("reports what it cannot read", () => {
    const data = new Uint8Array(24);
    expect(() => fromNpy(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]), ["a"])).toThrow(new FormatError("npy", "it does not start with the magic string \\x93NUMPY", { offset: 0 }));
    expect(() => fromNpy(npyFile(1, "<c8", false, [3], data), ["a"])).toThrow("the .npy file is invalid in 'descr' at byte 10: the dtype '<c8' is not supported");
    expect(() => fromNpy(npyFile(1, "<f4", false, [6, 2], data), ["a", "b"])).toThrow("the .npy file is invalid at byte 128: the data must be 48 bytes for the shape [6, 2], but 24 are there");
    expect(() => fromNpy(npyFile(1, "<f4", false, [6], data), ["a"], { dtype: "int32" })).toThrow("the .npy file is invalid in 'descr': the data is <f4, which reads as float32, not the int32 asked for");
    const four = npyFile(1, "<f4", false, [6], data);
    four[6] = 4;
    expect(() => fromNpy(four, ["a"])).toThrow("the .npy file is invalid at byte 6: its format version is 4.0, not 1.0, 2.0 or 3.0");
    expect(() => fromNpy(npyFile(1, "<f4", false, [2, 3], data), ["a"])).toThrow(new ShapeError("the .npy array has 2 axes (2, 3) but 1 name was given"));
    expect(() => fromNpy(npyFile(1, "<f4", false, [2, 3], data), loose(["a", "a"]))).toThrow(new ShapeError('dimension names must be unique: "a" appears twice'));
  });
});
