// Layer: src/io. The safetensors format (Hugging Face's weight files): `fromSafetensors` reads the tensors you
// name, giving each its dim names (sizes are known only at run time, so typed `number`); `toSafetensors`
// writes named tensors back. F32/F64/F16/BF16 become float32, I32/I64/I16/I8/U8 int32 (range-checked), BOOL
// bool. Imports src/types, src/shape, the engine's upload and the top layer.
import { uploadNode } from "../backend/engine.js";
import { checkName, checkUnique } from "../shape/dims.js";
import { type AnyTensor, type Tensor, wrap } from "../tensor.js";
import type { DType } from "../types/dims.js";
import type { NpyShape } from "./npy.js";

/** For each tensor to read, its dim names in the file's order. @example { "h.0.attn.weight": ["out", "in"] } */
export type SafetensorsSpec = { readonly [tensor: string]: readonly string[] };
/** The tensors `fromSafetensors` gives: each named as asked, with run-time sizes. */
export type SafetensorsResult<Spec extends SafetensorsSpec> = { -readonly [K in keyof Spec]: Tensor<NpyShape<Spec[K]>, DType> };

interface Reader {
  readonly bytes: number;
  readonly dtype: DType;
  read(v: DataView, o: number): number;
}
const f16 = (h: number): number => {
  const e = (h >> 10) & 0x1f;
  const m = h & 0x3ff;
  const s = h & 0x8000 ? -1 : 1;
  return e === 0 ? s * m * 2 ** -24 : e === 31 ? (m ? NaN : s * Infinity) : s * (1 + m / 1024) * 2 ** (e - 15);
};
const readers: Record<string, Reader> = {
  F32: { bytes: 4, dtype: "float32", read: (v, o) => v.getFloat32(o, true) },
  F64: { bytes: 8, dtype: "float32", read: (v, o) => v.getFloat64(o, true) },
  F16: { bytes: 2, dtype: "float32", read: (v, o) => f16(v.getUint16(o, true)) },
  BF16: { bytes: 2, dtype: "float32", read: (v, o) => new Float32Array(new Uint32Array([v.getUint16(o, true) << 16]).buffer)[0]! },
  I32: { bytes: 4, dtype: "int32", read: (v, o) => v.getInt32(o, true) },
  I64: { bytes: 8, dtype: "int32", read: (v, o) => Number(v.getBigInt64(o, true)) },
  I16: { bytes: 2, dtype: "int32", read: (v, o) => v.getInt16(o, true) },
  I8: { bytes: 1, dtype: "int32", read: (v, o) => v.getInt8(o) },
  U8: { bytes: 1, dtype: "int32", read: (v, o) => v.getUint8(o) },
  BOOL: { bytes: 1, dtype: "bool", read: (v, o) => (v.getUint8(o) ? 1 : 0) },
};

interface Entry {
  readonly dtype: string;
  readonly shape: readonly number[];
  readonly data_offsets: readonly [number, number];
}

/**
 * Reads the named tensors of a safetensors file, giving each its dim names.
 * @example
 * const { "wte.weight": wte } = fromSafetensors(bytes, { "wte.weight": ["vocab", "hidden"] });
 * wte.shape; // { vocab: 50257, hidden: 768 } (sizes from the file)
 */
export function fromSafetensors<const Spec extends SafetensorsSpec>(bytes: Uint8Array, spec: Spec): SafetensorsResult<Spec> {
  if (bytes.length < 8) throw new TypeError("not a safetensors file: shorter than its 8-byte header length");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = Number(view.getBigUint64(0, true));
  if (8 + headerLength > bytes.length) throw new TypeError(`not a safetensors file: its header claims ${headerLength} bytes`);
  let header: Record<string, Entry>;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as Record<string, Entry>;
  } catch {
    throw new TypeError("not a safetensors file: its header is not JSON");
  }
  const data = 8 + headerLength;
  const out: Record<string, AnyTensor> = {};
  for (const [name, names] of Object.entries(spec)) {
    const entry = header[name];
    if (!entry || name === "__metadata__") throw new TypeError(`the file has no tensor "${name}" (it has ${Object.keys(header).filter((k) => k !== "__metadata__").join(", ")})`);
    const reader = readers[entry.dtype];
    if (!reader) throw new TypeError(`tensor "${name}" has dtype ${entry.dtype}, which is not supported (use ${Object.keys(readers).join(", ")})`);
    if (names.length !== entry.shape.length)
      throw new TypeError(`tensor "${name}" has ${entry.shape.length} dims (${entry.shape.join("×")}) but ${names.length} names were given`);
    const dims = names.map((n, i) => ({ name: checkName(n), size: entry.shape[i]! }));
    checkUnique(dims.map((d) => d.name));
    const count = entry.shape.reduce((a, b) => a * b, 1);
    const [begin, end] = entry.data_offsets;
    if (end - begin !== count * reader.bytes || data + end > bytes.length) throw new TypeError(`tensor "${name}": its data offsets do not match its shape and dtype`);
    const values = reader.dtype === "float32" ? new Float32Array(count) : reader.dtype === "int32" ? new Int32Array(count) : new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const v = reader.read(view, data + begin + i * reader.bytes);
      if (reader.dtype === "int32" && !(v >= -2147483648 && v <= 2147483647)) throw new RangeError(`tensor "${name}": element ${i} (${v}) does not fit int32`);
      values[i] = v;
    }
    out[name] = wrap(uploadNode(values, reader.dtype, dims));
  }
  return out as SafetensorsResult<Spec>;
}

/**
 * Writes tensors to a safetensors file (F32, I32 or BOOL), in logical row-major order.
 * @example const bytes = await toSafetensors({ "head.weight": W, "head.bias": b });
 */
export async function toSafetensors(tensors: { readonly [name: string]: Tensor<any, DType> }, metadata: Record<string, string> = {}): Promise<Uint8Array> {
  const names = Object.keys(tensors);
  const datas = await Promise.all(names.map((n) => (tensors[n] as AnyTensor).data()));
  const header: Record<string, unknown> = Object.keys(metadata).length ? { __metadata__: metadata } : {};
  let offset = 0;
  names.forEach((n, i) => {
    const t = tensors[n] as AnyTensor;
    const bytes = datas[i]!.byteLength;
    header[n] = { dtype: t.dtype === "float32" ? "F32" : t.dtype === "int32" ? "I32" : "BOOL", shape: t.node.dims.map((d) => d.size), data_offsets: [offset, offset + bytes] };
    offset += bytes;
  });
  let json = JSON.stringify(header);
  json += " ".repeat((8 - ((8 + json.length) % 8)) % 8); // the data starts 8-byte aligned
  const head = new TextEncoder().encode(json);
  const out = new Uint8Array(8 + head.length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(head.length), true);
  out.set(head, 8);
  let at = 8 + head.length;
  for (const d of datas) {
    out.set(new Uint8Array(d.buffer, d.byteOffset, d.byteLength), at);
    at += d.byteLength;
  }
  return out;
}
