// safetensors: round trips, hand-built files with every supported dtype (F16/BF16/F64 widen to float32, I64
// narrows to int32 with a range check), typed names, and clear errors for malformed files.
import { describe, expect, it } from "vitest";
import { FormatError, ShapeError, fromSafetensors, tensor, toSafetensors } from "../../src/index.js";
import { randomFloats, randomInts } from "../helpers/random.js";

/** A safetensors file from raw tensors (little-endian bytes). */
function build(entries: Record<string, { dtype: string; shape: number[]; bytes: Uint8Array }>): Uint8Array {
  let offset = 0;
  const header: Record<string, unknown> = { __metadata__: { format: "pt" } };
  for (const [k, e] of Object.entries(entries)) {
    header[k] = { dtype: e.dtype, shape: e.shape, data_offsets: [offset, offset + e.bytes.length] };
    offset += e.bytes.length;
  }
  const head = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(8 + head.length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(head.length), true);
  out.set(head, 8);
  let at = 8 + head.length;
  for (const e of Object.values(entries)) (out.set(e.bytes, at), (at += e.bytes.length));
  return out;
}
const bytesOf = (a: ArrayBufferView): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

describe("safetensors", () => {
  it("round-trips float32, int32 and bool tensors with their names", async () => {
    const w = tensor(randomFloats(12), [["out", 3], ["in", 4]]);
    const ids = tensor(randomInts(5, -100, 100), [["tok", 5]]);
    const m = tensor([true, false, true], ["k"]);
    const file = await toSafetensors({ w, ids, m }, { note: "test" });
    const back = fromSafetensors(file, { w: ["out", "in"], ids: ["tok"], m: ["k"] });
    expect(back.w.shape).toEqual({ out: 3, in: 4 });
    expect([...(await back.w.data())]).toEqual([...(await w.data())]);
    expect([...(await back.ids.data())]).toEqual([...(await ids.data())]);
    expect(await back.m.array()).toEqual([true, false, true]);
    expect(back.ids.dtype).toBe("int32");
  });
  it("reads F16, BF16, F64, I64, I8, U8 and BOOL", async () => {
    const f16 = new Uint16Array([0x3c00, 0xc000, 0x0001, 0x7c00, 0x3555]); // 1, -2, smallest subnormal, inf, ~1/3
    const bf16 = new Uint16Array([0x3f80, 0x4049, 0xbf00]); // 1, 3.140625, -0.5
    const file = build({
      h: { dtype: "F16", shape: [5], bytes: bytesOf(f16) },
      b: { dtype: "BF16", shape: [3], bytes: bytesOf(bf16) },
      d: { dtype: "F64", shape: [2], bytes: bytesOf(new Float64Array([0.1, -1e10])) },
      l: { dtype: "I64", shape: [2], bytes: bytesOf(new BigInt64Array([-5n, 2147483647n])) },
      s: { dtype: "I8", shape: [2], bytes: bytesOf(new Int8Array([-128, 127])) },
      u: { dtype: "U8", shape: [2], bytes: bytesOf(new Uint8Array([0, 255])) },
      t: { dtype: "BOOL", shape: [2, 1], bytes: new Uint8Array([1, 0]) },
    });
    const r = fromSafetensors(file, { h: ["i"], b: ["i"], d: ["i"], l: ["i"], s: ["i"], u: ["i"], t: ["i", "j"] });
    expect([...(await r.h.data())]).toEqual([1, -2, 2 ** -24, Infinity, Math.fround(0.333251953125)]);
    expect([...(await r.b.data())]).toEqual([1, 3.140625, -0.5]);
    expect([...(await r.d.data())]).toEqual([Math.fround(0.1), Math.fround(-1e10)]);
    expect([...(await r.l.data())]).toEqual([-5, 2147483647]);
    expect([...(await r.s.data())]).toEqual([-128, 127]);
    expect([...(await r.u.data())]).toEqual([0, 255]);
    expect(await r.t.array()).toEqual([[true], [false]]);
  });
  it("rejects malformed files and mismatched names clearly", () => {
    const ok = build({ w: { dtype: "F32", shape: [2, 2], bytes: bytesOf(new Float32Array(4)) } });
    expect(() => fromSafetensors(new Uint8Array(3), { w: ["a"] })).toThrow(new FormatError("safetensors", "the file ends inside its header length: 8 bytes are needed but 3 are left", { offset: 0 }));
    expect(() => fromSafetensors(ok, { v: ["a"] })).toThrow('the safetensors file is invalid in "v": it has no tensor "v" (it has w)');
    expect(() => fromSafetensors(ok, { w: ["a"] })).toThrow(new ShapeError('tensor "w" has 2 axes (2, 2) but 1 name was given'));
    expect(() => fromSafetensors(ok, { w: ["a", "a"] })).toThrow('dimension names must be unique: "a" appears twice');
    const big = build({ l: { dtype: "I64", shape: [1], bytes: bytesOf(new BigInt64Array([2n ** 40n])) } });
    expect(() => fromSafetensors(big, { l: ["i"] })).toThrow(/invalid at byte \d+: element 0 \(1099511627776\) does not fit in int32/);
    const cut = build({ w: { dtype: "F32", shape: [3], bytes: bytesOf(new Float32Array(2)) } });
    expect(() => fromSafetensors(cut, { w: ["i"] })).toThrow('the safetensors file is invalid in "w".data_offsets at byte 86: data_offsets span 8 bytes, but 3 elements of F32 take 12');
  });
});
