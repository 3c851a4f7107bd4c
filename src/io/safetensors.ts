// Layer: src/io. The safetensors format (Hugging Face's weight files), read as the reference implementation's
// `validate` reads it: an 8-byte little-endian header length (at most 100 MB, within the file) checked before
// anything is allocated, a UTF-8 JSON object, each entry exactly { dtype, shape, data_offsets } with a known
// dtype and integer sizes, no repeated key, `__metadata__` strings to strings (or null), and the entries' data tiling the
// data buffer exactly (sorted by offsets, no gap, no overlap, nothing after). Every refusal is a `FormatError`
// at a byte or field. `fromSafetensors` reads the tensors you name, giving each its dim names (sizes are run
// time values, typed `number`): F16/BF16/F32/F64 become float32, I8–I64 and U8–U64 int32 (range-checked), BOOL
// bool. `toSafetensors` writes F32, I32 and BOOL. Imports src/types, src/shape, the engine's upload, the top layer.
import { uploadNode } from "../backend/engine.js";
import { checkName, checkUnique } from "../shape/dims.js";
import { type AnyTensor, Tensor, wrap, tensorArg } from "../tensor.js";
import type { DType } from "../types/dims.js";
import * as say from "../types/errors.js";
import { ArgumentError, FormatError, ShapeError } from "../types/errors.js";
import { decodeElements, elementCount, elements } from "./elements.js";
import { JsonArray, JsonNumber, JsonObject, type JsonValue, parseJson } from "./json.js";
import type { NpyShape } from "./npy.js";

/** For each tensor to read, its dim names in the file's order. @example { "h.0.attn.weight": ["out", "in"] } */
export type SafetensorsSpec = { readonly [tensor: string]: readonly string[] };
/** The tensors `fromSafetensors` gives: each named as asked, with run-time sizes. */
export type SafetensorsResult<Spec extends SafetensorsSpec> = { -readonly [K in keyof Spec]: Tensor<NpyShape<Spec[K]>, DType> };

/** The reference's header limit (`MAX_HEADER_SIZE`). */
const MAX_HEADER = 100_000_000;
/** Bits per element of every dtype the format defines; those in `readable` can be read into a tensor. */
const bitsOf: Readonly<Record<string, number>> = {
  BOOL: 8, F4: 4, F6_E2M3: 6, F6_E3M2: 6, U8: 8, I8: 8, F8_E5M2: 8, F8_E4M3: 8, F8_E8M0: 8,
  I16: 16, U16: 16, F16: 16, BF16: 16, I32: 32, U32: 32, F32: 32, C64: 64, F64: 64, I64: 64, U64: 64,
};
const readable: Readonly<Record<string, string>> = {
  BOOL: "b1", U8: "u1", I8: "i1", I16: "i2", U16: "u2", F16: "f2", BF16: "bf2", I32: "i4", U32: "u4", F32: "f4", F64: "f8", I64: "i8", U64: "u8",
};

/** One validated header entry: its dtype, sizes and the byte range of its data (relative to the data start). */
interface Entry {
  readonly name: string;
  readonly dtype: string;
  readonly shape: readonly number[];
  readonly begin: number;
  readonly end: number;
}

const fail = (sentence: string, place: say.FormatPlace): never => {
  throw new FormatError("safetensors", sentence, place);
};
const kindOf = (v: JsonValue): string =>
  v instanceof JsonNumber ? `the number ${v.text}` : v instanceof JsonArray ? `an array of ${v.items.length}` : v instanceof JsonObject ? "an object" : v === null ? "null" : typeof v === "string" ? `the string ${JSON.stringify(v)}` : `${v}`;
/** A non-negative integer written as one (no sign, fraction or exponent) and at most 2^53 − 1, or -1. */
const count = (v: JsonValue): number => (v instanceof JsonNumber && /^\d+$/.test(v.text) && Number.isSafeInteger(Number(v.text)) ? Number(v.text) : -1);
const listText = (a: JsonArray): string => `[${a.items.map((v) => (v instanceof JsonNumber ? v.text : kindOf(v))).join(", ")}]`;

/** One tensor entry of the header, checked field by field. */
function entryOf(name: string, v: JsonValue, at: (index: number) => number, start: number): Entry {
  if (!(v instanceof JsonObject)) return fail(say.entryNotObject(kindOf(v)), { field: `"${name}"`, offset: at(start) });
  const keys = [...v.members.keys()];
  if (keys.length !== 3 || !["dtype", "shape", "data_offsets"].every((k) => v.members.has(k)))
    fail(say.entryKeys(keys.join(", ") || "none"), { field: `"${name}"`, offset: at(v.at) });
  const place = (key: string): say.FormatPlace => ({ field: `"${name}".${key}`, offset: at(v.positions.get(key)!) });
  const dtype = v.members.get("dtype")!;
  if (typeof dtype !== "string" || bitsOf[dtype] === undefined) fail(say.unsupportedDtype(typeof dtype === "string" ? JSON.stringify(dtype) : kindOf(dtype), Object.keys(bitsOf).join(", ")), place("dtype"));
  const shape = v.members.get("shape")!;
  const sizes = shape instanceof JsonArray ? shape.items.map(count) : [-1];
  if (sizes.includes(-1)) fail(say.stShape(shape instanceof JsonArray ? listText(shape) : kindOf(shape)), place("shape"));
  const offsets = v.members.get("data_offsets")!;
  const range = offsets instanceof JsonArray && offsets.items.length === 2 ? offsets.items.map(count) : [-1];
  if (range.includes(-1) || range[0]! > range[1]!) fail(say.stOffsets(offsets instanceof JsonArray ? listText(offsets) : kindOf(offsets)), place("data_offsets"));
  // The span must hold exactly the elements (numel × bits / 8 bytes), refused before anything is allocated.
  const bits = bitsOf[dtype as string]!;
  let numel = 1;
  for (const s of sizes) numel *= s;
  const span = range[1]! - range[0]!;
  if (!Number.isSafeInteger(numel * bits)) fail(say.tooManyElements(listText(shape as JsonArray)), place("shape"));
  if ((numel * bits) % 8 !== 0 || (numel * bits) / 8 !== span) fail(say.offsetsSpan(span, numel, dtype as string, Math.ceil((numel * bits) / 8)), place("data_offsets"));
  return { name, dtype: dtype as string, shape: sizes, begin: range[0]!, end: range[1]! };
}

/** Reads and validates the whole header: the entries (in file order) and where the data starts. */
function readHeader(bytes: Uint8Array): { entries: Map<string, Entry>; dataStart: number } {
  if (bytes.length < 8) fail(say.endsInside("header length", 8, bytes.length), { offset: 0 });
  const length = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true);
  if (length > BigInt(MAX_HEADER)) fail(say.headerTooLong(Number(length), MAX_HEADER, "bytes"), { offset: 0 });
  const n = Number(length);
  if (bytes.length - 8 < n) fail(say.endsInside("header", n, bytes.length - 8), { offset: 0 });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes.subarray(8, 8 + n));
  } catch {
    return fail(say.notUtf8("header"), { offset: 8 });
  }
  const encoder = new TextEncoder();
  const at = (i: number): number => 8 + encoder.encode(text.slice(0, i)).length;
  if (!text.startsWith("{")) fail(say.headerNotObject(), { offset: 8 });
  const header = parseJson(text, at) as JsonObject;
  const entries = new Map<string, Entry>();
  for (const [name, v] of header.members) {
    if (name !== "__metadata__") {
      entries.set(name, entryOf(name, v, at, header.positions.get(name)!));
      continue;
    }
    if (v === null) continue; // as the reference reads it (an Option): no metadata
    if (!(v instanceof JsonObject)) fail(say.metadataNotObject(kindOf(v)), { field: "__metadata__", offset: at(header.positions.get(name)!) });
    for (const [key, s] of (v as JsonObject).members)
      if (typeof s !== "string") fail(say.metadataNotStrings(key, kindOf(s)), { field: `__metadata__."${key}"`, offset: at((v as JsonObject).positions.get(key)!) });
  }
  // The data must be tiled exactly: sorted by offsets, each entry begins where the previous one ends.
  const data = bytes.length - 8 - n;
  let end = 0;
  let previous = "";
  for (const e of [...entries.values()].sort((a, b) => a.begin - b.begin || a.end - b.end)) {
    if (e.begin !== end) fail(say.offsetsGap(e.name, e.begin, previous, end), { field: `"${e.name}".data_offsets` });
    end = e.end;
    previous = e.name;
  }
  if (end !== data) fail(say.dataNotCovered(end, data), { offset: 8 + n + Math.min(end, data) });
  return { entries, dataStart: 8 + n };
}

/**
 * Reads the named tensors of a safetensors file, giving each its dim names. The whole header is validated
 * first, as the reference implementation does; a file that is not exactly what its header says is refused
 * with a `FormatError` naming the byte or field, names that do not match a tensor's rank with a `ShapeError`.
 * @example
 * const { "wte.weight": wte } = fromSafetensors(bytes, { "wte.weight": ["vocab", "hidden"] });
 * wte.shape; // { vocab: 50257, hidden: 768 } (sizes from the file)
 */
export function fromSafetensors<const Spec extends SafetensorsSpec>(bytes: Uint8Array, spec: Spec): SafetensorsResult<Spec> {
  if (!(bytes instanceof Uint8Array)) throw new ArgumentError(say.notBytes("fromSafetensors", bytes));
  const asked: unknown = spec;
  if (typeof asked !== "object" || asked === null || Array.isArray(asked))
    throw new ArgumentError(say.notAnObject("fromSafetensors", "the dim names of each tensor", '{ w: ["out", "in"] }', asked));
  for (const [name, names] of Object.entries(asked))
    if (!Array.isArray(names) || !names.every((n) => typeof n === "string")) throw new ArgumentError(say.namesNotList("fromSafetensors", name, names));
  const { entries, dataStart } = readHeader(bytes);
  const out: Record<string, AnyTensor> = {};
  for (const [name, names] of Object.entries(spec)) {
    const entry = entries.get(name) ?? fail(say.noSuchTensor(name, [...entries.keys()].join(", ") || "none"), { field: `"${name}"` });
    const { dtype, shape, begin, end } = entry;
    const kind = elements[readable[dtype] ?? ""] ?? fail(say.unsupportedDtype(dtype, Object.keys(readable).join(", ")), { field: `"${name}".dtype` });
    if (names.length !== shape.length) throw new ShapeError(say.namesForRank(`tensor "${name}"`, shape.length, shape.join(", "), names.length));
    const dims = names.map((n, i) => ({ name: checkName(n), size: shape[i]! }));
    checkUnique(dims.map((d) => d.name));
    const n = elementCount("safetensors", shape, kind.bytes, end - begin, { field: `"${name}".data_offsets` });
    out[name] = wrap(uploadNode(decodeElements("safetensors", bytes, dataStart + begin, n, kind, true), kind.dtype, dims));
  }
  return out as SafetensorsResult<Spec>;
}

/**
 * Writes tensors to a safetensors file (F32, I32 or BOOL), in logical row-major order, with optional string
 * metadata. The data starts 8-byte aligned (the header is padded with spaces).
 * @example const bytes = await toSafetensors({ "head.weight": W, "head.bias": b }, { format: "pt" });
 */
export async function toSafetensors(tensors: { readonly [name: string]: Tensor<any, DType> }, metadata: Record<string, string> = {}): Promise<Uint8Array> {
  const given: unknown = tensors;
  if (typeof given !== "object" || given === null || Array.isArray(given) || given instanceof Tensor)
    throw new ArgumentError(say.notAnObject("toSafetensors", "its tensors", "{ w: W, b: b }", given));
  const names = Object.keys(tensors);
  for (const n of names) {
    tensorArg("toSafetensors", tensors[n], `a tensor for "${n}"`);
    if (n === "__metadata__") throw new ArgumentError(say.takesNot("toSafetensors", "the metadata as its second argument", "a tensor named __metadata__"));
  }
  const meta: unknown = metadata;
  if (typeof meta !== "object" || meta === null || Array.isArray(meta)) throw new ArgumentError(say.notAnObject("toSafetensors", "its metadata", '{ format: "pt" }', meta));
  for (const [k, v] of Object.entries(meta)) if (typeof v !== "string") throw new ArgumentError(say.metadataNotString(k, v));
  const datas = await Promise.all(names.map((n) => (tensors[n] as AnyTensor).data()));
  const header: Record<string, unknown> = Object.keys(metadata).length ? { __metadata__: metadata } : {};
  let offset = 0;
  names.forEach((n, i) => {
    const t = tensors[n] as AnyTensor;
    const bytes = datas[i]!.byteLength;
    header[n] = { dtype: t.dtype === "float32" ? "F32" : t.dtype === "int32" ? "I32" : "BOOL", shape: t.node.dims.map((d) => d.size), data_offsets: [offset, offset + bytes] };
    offset += bytes;
  });
  const head0 = new TextEncoder().encode(JSON.stringify(header));
  const head = new TextEncoder().encode(JSON.stringify(header) + " ".repeat((8 - (head0.length % 8)) % 8)); // the data starts 8-byte aligned
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
