// The rules of the file readers, one by one: every refusal with its exact class, sentence, byte and field; the
// error hierarchy; argument checks on the four entry points; and exact reads of hand-made valid files (every
// dtype in both byte orders, Fortran order, versions 2.0/3.0, empty tensors, rank 0, NumPy's permitted
// header spellings, and safetensors' whitespace padding, metadata and unreadable-but-valid neighbours).
import { describe, expect, it } from "vitest";
import { ArgumentError, FormatError, NamedTensorError, ShapeError, fromNpy, fromSafetensors, tensor, toNpy, toSafetensors } from "../../src/index.js";
import { type Code, npyBytes, npyHeader, readElements, sameValues, stBytes, writeElements } from "../helpers/io-files.js";
import { randomInts } from "../helpers/random.js";

const loose = (x: unknown): any => x;
const zeros = (n: number): Uint8Array => new Uint8Array(n);
/** Runs `f` and checks that it throws exactly `cls` with `message` (and the place, when given). */
function refused(f: () => unknown, cls: new (...a: never[]) => Error, message: string, place?: { offset?: number; field?: string }): void {
  let thrown: unknown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(cls);
  expect((thrown as Error).message).toBe(message);
  if (place) expect({ offset: (thrown as FormatError).offset, field: (thrown as FormatError).field }).toEqual({ offset: place.offset, field: place.field });
}
const dict = (...fields: string[]): string => `{${fields.join(", ")}}`;
const F4 = "'descr': '<f4'";
const C = "'fortran_order': False";

describe("the error hierarchy", () => {
  it("has NamedTensorError above ShapeError, FormatError and ArgumentError", () => {
    const f = new FormatError("npy", "it is wrong", { offset: 3, field: "'shape'" });
    expect(f).toBeInstanceOf(NamedTensorError);
    expect(f).toBeInstanceOf(Error);
    expect([f.name, f.format, f.offset, f.field, f.message]).toEqual(["FormatError", "npy", 3, "'shape'", "the .npy file is invalid in 'shape' at byte 3: it is wrong"]);
    const s = new ShapeError("x");
    expect(s).toBeInstanceOf(NamedTensorError);
    expect([s.name, s.message]).toEqual(["ShapeError", "x"]);
    expect(new ArgumentError("y")).toBeInstanceOf(NamedTensorError);
    expect(() => loose(tensor([1, 2], ["a"])).add(tensor([1, 2, 3], ["a"]))).toThrow(NamedTensorError);
  });
});

describe(".npy refusals", () => {
  const npy = (header: string, data = zeros(8), version: 1 | 2 | 3 = 1): Uint8Array => npyBytes(header, data, version);
  const cases: [string, Uint8Array, readonly string[], string, { offset?: number; field?: string }][] = [
    ["wrong magic", new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]), ["a"], "it does not start with the magic string \\x93NUMPY", { offset: 0 }],
    ["a cut magic", new Uint8Array([0x93, 0x4e, 0x55]), ["a"], "the file ends inside its magic string: 8 bytes are needed but 3 are left", { offset: 0 }],
    ["version 1.1", npy(dict(F4, C, "'shape': (2,)")).map((b, i) => (i === 7 ? 1 : b)), ["a"], "its format version is 1.1, not 1.0, 2.0 or 3.0", { offset: 6 }],
    ["a cut header length", npy("").subarray(0, 9), ["a"], "the file ends inside its header length: 2 bytes are needed but 1 are left", { offset: 8 }],
    ["a header length past the end", npy(dict(F4, C, "'shape': (2,)")).subarray(0, 30), ["a"], "the file ends inside its header: 55 bytes are needed but 20 are left", { offset: 8 }],
    ["a header over NumPy's limit", npy(dict(F4, C, "'shape': (2,)") + " ".repeat(10000)), ["a"], "the header is 10055 characters long, more than the limit of 10000", { offset: 8 }],
    ["'shape': (2), an int", npy(dict(F4, C, "'shape': (2)")), ["a"], "'shape' must be a tuple of non-negative integers, not 2", { offset: 10, field: "'shape'" }],
    ["'shape': (,)", npy(dict(F4, C, "'shape': (,)")), [], "the header is not a Python literal: invalid syntax: (,)", { offset: 61 }],
    ["a negative size", npy(dict(F4, C, "'shape': (-2, 3)")), ["a", "b"], "'shape' must be a tuple of non-negative integers, not (-2, 3)", { offset: 10, field: "'shape'" }],
    ["a fractional size", npy(dict(F4, C, "'shape': (0.5, 12)")), ["a", "b"], "'shape' must be a tuple of non-negative integers, not (0.5, 12)", { offset: 10, field: "'shape'" }],
    ["a None size", npy(dict(F4, C, "'shape': (None, 3)")), ["a", "b"], "'shape' must be a tuple of non-negative integers, not (None, 3)", { offset: 10, field: "'shape'" }],
    ["a bool size", npy(dict(F4, C, "'shape': (True, 2)")), ["a", "b"], "'shape' must be a tuple of non-negative integers, not (True, 2)", { offset: 10, field: "'shape'" }],
    ["a list shape", npy(dict(F4, C, "'shape': [2]")), ["a"], "'shape' must be a tuple of non-negative integers, not [2]", { offset: 10, field: "'shape'" }],
    ["a size over 2^53", npy(dict(F4, C, "'shape': (9007199254740993,)")), ["a"], "'shape' must be a tuple of non-negative integers, not (9007199254740993,)", { offset: 10, field: "'shape'" }],
    ["a product over 2^53", npy(dict(F4, C, "'shape': (1099511627776, 1099511627776)")), ["a", "b"], "the shape [1099511627776, 1099511627776] has more elements than any file can hold (over 2^53)", { offset: 91 }],
    ["garbage between fields", npy("{'descr': '<f4', x 'fortran_order': False, 'shape': (2,)}"), ["a"], "the header is not a Python literal: the name x is not a literal", { offset: 27 }],
    ["a missing key", npy(dict(F4, "'shape': (2,)")), ["a"], "the header must have exactly the keys 'descr', 'fortran_order' and 'shape', not 'descr', 'shape'", { offset: 10 }],
    ["an extra key", npy(dict(F4, C, "'shape': (2,)", "'x': 1")), ["a"], "the header must have exactly the keys 'descr', 'fortran_order' and 'shape', not 'descr', 'fortran_order', 'shape', 'x'", { offset: 10 }],
    ["a non-string key", npy(dict(F4, C, "'shape': (2,)", "1: 1")), ["a"], "the header must have exactly the keys 'descr', 'fortran_order' and 'shape', not 'descr', 'fortran_order', 'shape' and 1 non-string keys", { offset: 10 }],
    ["not a dict", npy("(1, 2)"), ["a"], "the header must be a dictionary, not (1, 2)", { offset: 10 }],
    ["'fortran_order': 1", npy(dict(F4, "'fortran_order': 1", "'shape': (2,)")), ["a"], "'fortran_order' must be True or False, not 1", { offset: 10, field: "'fortran_order'" }],
    ["a structured dtype", npy(dict("'descr': [('x', '<f4')]", C, "'shape': (2,)")), ["a"], "the dtype [('x', '<f4')] is not supported: use float16/32/64 (<f2, <f4, <f8), int8/16/32/64 (|i1, <i2, <i4, <i8), uint8/16/32/64 (|u1, <u2, <u4, <u8) or bool (|b1), either byte order", { offset: 10, field: "'descr'" }],
    ["a complex dtype", npy(dict("'descr': '<c8'", C, "'shape': (1,)")), ["a"], "the dtype '<c8' is not supported: use float16/32/64 (<f2, <f4, <f8), int8/16/32/64 (|i1, <i2, <i4, <i8), uint8/16/32/64 (|u1, <u2, <u4, <u8) or bool (|b1), either byte order", { offset: 10, field: "'descr'" }],
    ["a trailing byte", npy(dict(F4, C, "'shape': (2,)"), zeros(9)), ["a"], "the data must be 8 bytes for the shape [2], but 9 are there", { offset: 65 }],
    ["a cut payload", npy(dict(F4, C, "'shape': (2,)"), zeros(7)), ["a"], "the data must be 8 bytes for the shape [2], but 7 are there", { offset: 65 }],
    ["a huge shape in a small file", npy(dict(F4, C, "'shape': (1099511627776,)")), ["a"], "the data must be 4398046511104 bytes for the shape [1099511627776], but 8 are there", { offset: 77 }],
    ["Python 2's 3L in version 3.0", npy(dict(F4, C, "'shape': (2L,)"), zeros(8), 3), ["a"], 'the header is not a Python literal: invalid number "2L"', { offset: 63 }],
    ["invalid UTF-8 in version 3.0", npy(dict(F4, C, "'shape': (2,)"), zeros(8), 3).map((b, i) => (i === 14 ? 0xff : b)), ["a"], "the header is not valid UTF-8", { offset: 12 }],
    ["an unterminated string", npy("{'descr': '<f4, 'fortran_order': False, 'shape': (2,)}"), ["a"], 'the header is not a Python literal: unexpected "f"', { offset: 27 }],
    ["a leading-zero int", npy(dict(F4, C, "'shape': (02,)")), ["a"], "the header is not a Python literal: leading zeros in decimal integer literals are not permitted", { offset: 61 }],
    ["an int64 out of int32", npy(dict("'descr': '<i8'", C, "'shape': (1,)"), writeElements([2 ** 31], "i8", true)), ["a"], "element 0 (2147483648) does not fit in int32", { offset: 65 }],
  ];
  it.each(cases)("refuses %s", (_, bytes, names, sentence, place) => {
    refused(() => fromNpy(bytes, loose(names)), FormatError, `the .npy file is invalid${place.field ? ` in ${place.field}` : ""}${place.offset !== undefined ? ` at byte ${place.offset}` : ""}: ${sentence}`, place);
  });
  it("refuses names that do not match the rank with a ShapeError, after the file is checked", () => {
    refused(() => fromNpy(npy(dict(F4, C, "'shape': (2, 1)")), ["a"]), ShapeError, "the .npy array has 2 axes (2, 1) but 1 name was given");
    refused(() => fromNpy(npy(dict(F4, C, "'shape': (2, 1)"), zeros(9)), ["a"]), FormatError, "the .npy file is invalid at byte 67: the data must be 8 bytes for the shape [2, 1], but 9 are there");
  });
  it("takes the last of a repeated key, as Python's dict literal does", async () => {
    const x = fromNpy(npy(dict(F4, C, "'shape': (3,)", "'shape': (2,)"), writeElements([1.5, -2], "f4", true)), ["a"]);
    expect(x.shape).toEqual({ a: 2 });
    expect([...(await x.data())]).toEqual([1.5, -2]);
  });
  it("reads the spellings NumPy reads: double quotes, comments, no trailing comma, an unaligned header, 2L in 1.0/2.0, any key order", async () => {
    const data = writeElements([3, 4, 5, 6, 7, 8], "f4", true);
    const spellings = [
      `{"descr": "<f4", # a comment\n  "fortran_order": False, "shape": (2, 3)}`,
      "{'shape': (2L, 3L), 'fortran_order': False, 'descr': '<f4'}",
      "\t{'descr':'<f4','fortran_order':False,'shape':(2,3,),}\n",
      "{'descr': '<' 'f4', 'fortran_order': False, 'shape': (0x2, 0b11)}",
      "{'descr': u'<f4', 'fortran_order': False, 'shape': (+2, 3)}",
    ];
    for (const header of spellings) {
      const x = fromNpy(npy(header, data, 2), ["a", "b"]);
      expect(x.shape).toEqual({ a: 2, b: 3 });
      expect([...(await x.data())]).toEqual([3, 4, 5, 6, 7, 8]);
    }
  });
});

describe("bytes that are a view into a larger buffer", () => {
  it("a Node Buffer from the shared pool (byteOffset > 0), as readFileSync gives for small files, reads its own bytes", async () => {
    const values = Float32Array.from(randomInts(6, -1000, 1000), (v) => v / 7);
    const t = tensor(values, [["r", 2], ["c", 3]]);
    for (const [name, write, read] of [
      ["npy", () => toNpy(t), (b: Uint8Array) => fromNpy(b, ["r", "c"])],
      ["safetensors", () => toSafetensors({ t }), (b: Uint8Array) => fromSafetensors(b, { t: ["r", "c"] }).t],
    ] as const) {
      const bytes = await write();
      const pooled = Buffer.from(bytes); // small: a view into Node's shared allocation pool
      expect(pooled.byteOffset, name).toBeGreaterThan(0);
      expect(Array.from(await read(pooled).data()), name).toEqual(Array.from(values));
      // A Uint8Array view at an offset of its own, too.
      const padded = new Uint8Array(bytes.length + 13);
      padded.set(bytes, 13);
      expect(Array.from(await read(padded.subarray(13)).data()), name).toEqual(Array.from(values));
    }
  });
});

describe(".npy exact reads", () => {
  const codes: [Code, number[]][] = [
    ["f2", [0x3c00, 0xc000, 0x0001, 0x7c00, 0x3555]],
    ["f4", [1.5, -0.25, 3e38, -1e-40, 7]],
    ["f8", [0.1, -1e10, 1e-300, 2 ** 60, 5]],
    ["i1", [-128, 127, 0, -1, 5]],
    ["i2", [-32768, 32767, 1, -1, 300]],
    ["i4", [-(2 ** 31), 2 ** 31 - 1, 0, -7, 9]],
    ["i8", [-(2 ** 31), 2 ** 31 - 1, 0, -7, 9]],
    ["u1", [0, 255, 1, 128, 7]],
    ["u2", [0, 65535, 1, 32768, 7]],
    ["u4", [0, 2 ** 31 - 1, 1, 5, 7]],
    ["u8", [0, 2 ** 31 - 1, 1, 5, 7]],
    ["b1", [0, 1, 1, 0, 1]],
  ];
  it.each(codes)("reads %s in both byte orders, C and Fortran order, versions 1.0, 2.0 and 3.0", async (code, values) => {
    const orders = code.endsWith("1") ? ["|", "<", ">", "="] : ["<", ">"];
    for (const order of orders)
      for (const version of [1, 2, 3] as const) {
        const little = order !== ">";
        const data = writeElements([...values, ...values.slice(0, 1)], code, little); // 6 elements: (2, 3)
        const expected = readElements(data, 6, code, little) as number[];
        const c = fromNpy(npyBytes(npyHeader(order + code, [2, 3], false, version), data, version), ["a", "b"]);
        expect(c.dtype).toBe(code === "b1" ? "bool" : code[0] === "f" ? "float32" : "int32");
        const typed = (v: number[]): ArrayLike<number> => (code[0] === "f" ? Float32Array.from(v) : v);
        expect(sameValues(Array.from(await c.data()), typed(expected))).toBe(true);
        // Fortran order: the file holds the transpose's row-major order, so element (i, j) is stored at j * 2 + i.
        const f = fromNpy(npyBytes(npyHeader(order + code, [2, 3], true, version), data, version), ["a", "b"]);
        const transposed = [0, 2, 4, 1, 3, 5].map((k) => expected[k]!);
        expect(sameValues(Array.from(await f.data()), typed(transposed))).toBe(true);
      }
  });
  it("reads empty tensors and rank 0, and round-trips what toNpy writes", async () => {
    const empty = fromNpy(npyBytes(npyHeader("<f4", [0, 3]), zeros(0)), ["a", "b"]);
    expect(empty.shape).toEqual({ a: 0, b: 3 });
    expect((await empty.data()).length).toBe(0);
    const scalar = fromNpy(npyBytes(npyHeader(">i2", []), writeElements([-300], "i2", false)), []);
    expect([...(await scalar.data())]).toEqual([-300]);
    const ints = randomInts(12, -1000, 1000);
    const back = fromNpy(await toNpy(tensor(ints, [["p", 3], ["q", 0 + 4]], { dtype: "int32" })), ["p", "q"]);
    expect(await back.data()).toEqual(ints);
    expect((await fromNpy(await toNpy(tensor(new Float32Array(0), [["z", 0]])), ["z"]).data()).length).toBe(0);
  });
});

describe("safetensors refusals", () => {
  const entry = (name: string, dtype: string, shape: string, offsets: string): string => `"${name}":{"dtype":"${dtype}","shape":${shape},"data_offsets":${offsets}}`;
  const w = (shape: string, offsets = "[0,8]", dtype = "F32"): string => `{${entry("w", dtype, shape, offsets)}}`;
  const big = zeros(16);
  new DataView(big.buffer).setBigUint64(0, 2n ** 40n, true);
  const past = zeros(16);
  new DataView(past.buffer).setBigUint64(0, 100n, true);
  const supported = "BOOL, F4, F6_E2M3, F6_E3M2, U8, I8, F8_E5M2, F8_E4M3, F8_E8M0, I16, U16, F16, BF16, I32, U32, F32, C64, F64, I64, U64";
  const cases: [string, Uint8Array, Record<string, readonly string[]>, string, { offset?: number; field?: string }][] = [
    ["a cut header length", zeros(3), { w: ["a"] }, "the file ends inside its header length: 8 bytes are needed but 3 are left", { offset: 0 }],
    ["a header length over 100 MB", big, { w: ["a"] }, "the header is 1099511627776 bytes long, more than the limit of 100000000", { offset: 0 }],
    ["a header length past the end", past, { w: ["a"] }, "the file ends inside its header: 100 bytes are needed but 8 are left", { offset: 0 }],
    ["a header that is not UTF-8", stBytes(w("[2]"), zeros(8)).map((b, i) => (i === 10 ? 0xc3 : b)), { w: ["a"] }, "the header is not valid UTF-8", { offset: 8 }],
    ["a header that is not an object", stBytes(` ${w("[2]")}`, zeros(8)), { w: ["a"] }, 'the header must be a JSON object, starting with "{"', { offset: 8 }],
    ["a JSON syntax error", stBytes(`{"w":{"dtype":"F32",,"shape":[2],"data_offsets":[0,8]}}`, zeros(8)), { w: ["a"] }, 'the header is not JSON: expected a key, not ","', { offset: 28 }],
    ["text after the object", stBytes(`${w("[2]")}x`, zeros(8)), { w: ["a"] }, 'the header is not JSON: unexpected "x" after the header\'s object', { offset: 62 }],
    ["a repeated tensor name", stBytes(`{${entry("w", "F32", "[2]", "[0,8]")},${entry("w", "F32", "[2]", "[0,8]")}}`, zeros(8)), { w: ["a"] }, 'the header is not JSON: the key "w" appears twice', { offset: 62 }],
    ["an entry that is not an object", stBytes(`{"w":[1]}`, zeros(0)), { w: ["a"] }, "a tensor entry must be an object with dtype, shape and data_offsets, not an array of 1", { offset: 13, field: '"w"' }],
    ["a missing field", stBytes(`{"w":{"dtype":"F32","data_offsets":[0,8]}}`, zeros(8)), { w: ["a"] }, "a tensor entry must have exactly the keys dtype, shape and data_offsets, not dtype, data_offsets", { offset: 13, field: '"w"' }],
    ["an extra field", stBytes(`{"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8],"x":1}}`, zeros(8)), { w: ["a"] }, "a tensor entry must have exactly the keys dtype, shape and data_offsets, not dtype, shape, data_offsets, x", { offset: 13, field: '"w"' }],
    ["an unknown dtype", stBytes(w("[2]", "[0,8]", "F128"), zeros(8)), { w: ["a"] }, `the dtype "F128" is not supported: use ${supported}`, { offset: 22, field: '"w".dtype' }],
    ["shape [-2,-3]", stBytes(w("[-2,-3]", "[0,24]"), zeros(24)), { w: ["a", "b"] }, "the shape must be an array of non-negative integers, not [-2, -3]", { offset: 36, field: '"w".shape' }],
    ["shape [0.5,12]", stBytes(w("[0.5,12]", "[0,24]"), zeros(24)), { w: ["a", "b"] }, "the shape must be an array of non-negative integers, not [0.5, 12]", { offset: 36, field: '"w".shape' }],
    ["shape [null,3]", stBytes(w("[null,3]", "[0,24]"), zeros(24)), { w: ["a", "b"] }, "the shape must be an array of non-negative integers, not [null, 3]", { offset: 36, field: '"w".shape' }],
    ["shape [2e0]", stBytes(w("[2e0]"), zeros(8)), { w: ["a"] }, "the shape must be an array of non-negative integers, not [2e0]", { offset: 36, field: '"w".shape' }],
    ["a shape that is not an array", stBytes(w('"2"'), zeros(8)), { w: ["a"] }, 'the shape must be an array of non-negative integers, not the string "2"', { offset: 36, field: '"w".shape' }],
    ["a shape over 2^53 elements", stBytes(w("[1099511627776,1099511627776]"), zeros(8)), { w: ["a", "b"] }, "the shape [1099511627776, 1099511627776] has more elements than any file can hold (over 2^53)", { offset: 36, field: '"w".shape' }],
    ["data_offsets [-24,0]", stBytes(w("[2]", "[-24,0]"), zeros(8)), { w: ["a"] }, "data_offsets must be [begin, end], two integers with begin ≤ end, not [-24, 0]", { offset: 55, field: '"w".data_offsets' }],
    ["data_offsets [8,0]", stBytes(w("[2]", "[8,0]"), zeros(8)), { w: ["a"] }, "data_offsets must be [begin, end], two integers with begin ≤ end, not [8, 0]", { offset: 55, field: '"w".data_offsets' }],
    ["data_offsets [0]", stBytes(w("[2]", "[0]"), zeros(8)), { w: ["a"] }, "data_offsets must be [begin, end], two integers with begin ≤ end, not [0]", { offset: 55, field: '"w".data_offsets' }],
    ["offsets that do not span the shape", stBytes(w("[3]"), zeros(8)), { w: ["a"] }, "data_offsets span 8 bytes, but 3 elements of F32 take 12", { offset: 55, field: '"w".data_offsets' }],
    ["overlapping tensors", stBytes(`{${entry("w", "F32", "[2]", "[0,8]")},${entry("v", "F32", "[2]", "[4,12]")}}`, zeros(12)), { w: ["a"] }, 'tensor "v" begins at data byte 4 but tensor "w" ends at 8: the tensors must tile the data without gap or overlap', { field: '"v".data_offsets' }],
    ["a gap before a tensor", stBytes(w("[2]", "[4,12]"), zeros(12)), { w: ["a"] }, 'tensor "w" begins at data byte 4 but the data begins at 0: the tensors must tile the data without gap or overlap', { field: '"w".data_offsets' }],
    ["trailing bytes", stBytes(w("[2]"), zeros(9)), { w: ["a"] }, "the tensors end at data byte 8 but the data is 9 bytes: the tensors must cover it exactly", { offset: 70 }],
    ["a cut payload", stBytes(w("[2]"), zeros(7)), { w: ["a"] }, "the tensors end at data byte 8 but the data is 7 bytes: the tensors must cover it exactly", { offset: 69 }],
    ["number-valued metadata", stBytes(`{"__metadata__":{"a":1},${entry("w", "F32", "[2]", "[0,8]")}}`, zeros(8)), { w: ["a"] }, '__metadata__ must map strings to strings, but "a" is the number 1', { offset: 29, field: '__metadata__."a"' }],
    ["array metadata", stBytes(`{"__metadata__":["a"],${entry("w", "F32", "[2]", "[0,8]")}}`, zeros(8)), { w: ["a"] }, "__metadata__ must be an object mapping strings to strings, not an array of 1", { offset: 24, field: "__metadata__" }],
    ["a tensor the file lacks", stBytes(w("[2]"), zeros(8)), { v: ["a"] }, 'it has no tensor "v" (it has w)', { field: '"v"' }],
    ["a valid dtype it cannot read", stBytes(w("[2]", "[0,2]", "F8_E4M3"), zeros(2)), { w: ["a"] }, "the dtype F8_E4M3 is not supported: use BOOL, U8, I8, I16, U16, F16, BF16, I32, U32, F32, F64, I64, U64", { field: '"w".dtype' }],
    ["an I64 out of int32", stBytes(w("[1]", "[0,8]", "I64"), writeElements([2 ** 40], "i8", true)), { w: ["a"] }, "element 0 (1099511627776) does not fit in int32", { offset: 62 }],
  ];
  it.each(cases)("refuses %s", (_, bytes, spec, sentence, place) => {
    refused(() => fromSafetensors(bytes, spec), FormatError, `the safetensors file is invalid${place.field ? ` in ${place.field}` : ""}${place.offset !== undefined ? ` at byte ${place.offset}` : ""}: ${sentence}`, place);
  });
});

describe("safetensors exact reads", () => {
  it("reads every readable dtype, empty tensors, rank 0, padding and metadata, beside a tensor it cannot read", async () => {
    const tensors: [string, Code, number[], number[]][] = [
      ["F16", "f2", [0x3c00, 0xc000], [1, -2]],
      ["BF16", "bf2", [0x3f80, 0xbf00], [1, -0.5]],
      ["F32", "f4", [1.5, -3], [1.5, -3]],
      ["F64", "f8", [0.1, 2], [Math.fround(0.1), 2]],
      ["I8", "i1", [-128, 127], [-128, 127]],
      ["I16", "i2", [-32768, 7], [-32768, 7]],
      ["I32", "i4", [-(2 ** 31), 9], [-(2 ** 31), 9]],
      ["I64", "i8", [-5, 2 ** 31 - 1], [-5, 2 ** 31 - 1]],
      ["U8", "u1", [0, 255], [0, 255]],
      ["U16", "u2", [65535, 1], [65535, 1]],
      ["U32", "u4", [2 ** 31 - 1, 0], [2 ** 31 - 1, 0]],
      ["U64", "u8", [3, 2 ** 31 - 1], [3, 2 ** 31 - 1]],
      ["BOOL", "b1", [1, 0], [1, 0]],
    ];
    const parts: string[] = [`"__metadata__":{"format":"pt","note":"ünïcode"}`, `"e":{"dtype":"F32","shape":[0,3],"data_offsets":[0,0]}`];
    const chunks: Uint8Array[] = [];
    let at = 0;
    for (const [dtype, code, stored] of tensors) {
      const bytes = writeElements(stored, code, true);
      parts.push(`"${dtype}":{"dtype":"${dtype}","shape":[2],"data_offsets":[${at},${at + bytes.length}]}`);
      chunks.push(bytes);
      at += bytes.length;
    }
    parts.push(`"s":{"dtype":"F32","shape":[],"data_offsets":[${at},${at + 4}]}`, `"f8":{"dtype":"F8_E4M3","shape":[3],"data_offsets":[${at + 4},${at + 7}]}`);
    chunks.push(writeElements([2.5], "f4", true), zeros(3));
    const data = new Uint8Array(at + 7);
    let o = 0;
    for (const c of chunks) (data.set(c, o), (o += c.length));
    const file = stBytes(` {${parts.reverse().join(" ,\n ")}}      `.trimStart(), data);
    const spec = Object.fromEntries(tensors.map(([d]) => [d, ["i"]]));
    const r = loose(fromSafetensors(file, { ...spec, e: ["a", "b"], s: [] }));
    for (const [dtype, , , expected] of tensors) expect([...(await r[dtype]!.data())]).toEqual(expected);
    expect(r.e.shape).toEqual({ a: 0, b: 3 });
    expect([...(await r.s.data())]).toEqual([2.5]);
  });
  it("round-trips what toSafetensors writes, metadata and empty tensors included", async () => {
    const ints = randomInts(6, -50, 50);
    const file = await toSafetensors({ "ü.w": tensor(ints, [["a", 2], ["b", 3]], { dtype: "int32" }), z: tensor(new Float32Array(0), [["n", 0]]) }, { k: "v" });
    expect((file.length - 8 - Number(new DataView(file.buffer).getBigUint64(0, true))) % 8).toBe(0);
    const back = fromSafetensors(file, { "ü.w": ["a", "b"], z: ["n"] });
    expect(await back["ü.w"].data()).toEqual(ints);
    expect(back.z.shape).toEqual({ n: 0 });
    expect(fromSafetensors(await toSafetensors({}), {})).toEqual({});
    // null metadata is no metadata, as the reference reads it (an Option)
    const nullMeta = fromSafetensors(stBytes(`{"__metadata__":null,"w":{"dtype":"I32","shape":[1],"data_offsets":[0,4]}}`, writeElements([7], "i4", true)), { w: ["a"] });
    expect([...(await nullMeta.w.data())]).toEqual([7]);
  });
});

describe("argument checks", () => {
  const w = tensor([1, 2], ["a"]);
  it("says what each entry point takes", async () => {
    await expect(toNpy(loose(5))).rejects.toThrow(new ArgumentError("toNpy takes a tensor, not the number 5"));
    await expect(toSafetensors(loose({ w: 5 }))).rejects.toThrow(new ArgumentError('toSafetensors takes a tensor for "w", not the number 5'));
    await expect(toSafetensors(loose(null))).rejects.toThrow(new ArgumentError("toSafetensors takes its tensors as an object such as { w: W, b: b }, not null"));
    await expect(toSafetensors(loose(w))).rejects.toThrow(new ArgumentError("toSafetensors takes its tensors as an object such as { w: W, b: b }, not a Tensor"));
    await expect(toSafetensors({ w }, loose({ n: 5 }))).rejects.toThrow(new ArgumentError('the metadata value of "n" must be a string, not the number 5'));
    await expect(toSafetensors(loose({ __metadata__: w }))).rejects.toThrow(ArgumentError);
    const file = await toSafetensors({ w });
    refused(() => fromSafetensors(file, loose(null)), ArgumentError, 'fromSafetensors takes the dim names of each tensor as an object such as { w: ["out", "in"] }, not null');
    refused(() => fromSafetensors(file, loose({ w: "ab" })), ArgumentError, 'fromSafetensors takes the dim names of "w" as an array of strings, not the string "ab"');
    refused(() => fromSafetensors(loose([1, 2]), { w: ["a"] }), ArgumentError, "fromSafetensors takes the file's bytes as a Uint8Array, not an array of 2");
    refused(() => fromSafetensors(file, { w: ["a", "b"] }), ShapeError, 'tensor "w" has 1 axis (2) but 2 names were given');
    const npy = await toNpy(w);
    refused(() => fromNpy(loose("abc"), ["a"]), ArgumentError, "fromNpy takes the file's bytes as a Uint8Array, not the string \"abc\"");
    refused(() => fromNpy(loose(npy.buffer), ["a"]), ArgumentError, "fromNpy takes the file's bytes as a Uint8Array, not an ArrayBuffer");
    refused(() => fromNpy(npy, loose("ab")), ArgumentError, 'fromNpy takes the dim names as an array of strings, not the string "ab"');
    refused(() => fromNpy(npy, ["a"], loose(null)), ArgumentError, 'fromNpy takes its options as an object such as { dtype: "float32" }, not null');
  });
});
