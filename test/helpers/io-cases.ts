// Valid .npy and safetensors files for the reader fuzz (test/io-fuzz.test.ts), built from a few drawn numbers,
// each with the tensors it must read as; the edits the fuzz applies to them; and an independent interpretation
// of an edited file (a regex over the .npy header, JSON.parse over the safetensors header, the element codec of
// io-files.ts) that says which tensor a reader may honestly return for it.
import { type Code, dtypeOf, npyBytes, readElements, sizeOf, stBytes, writeElements } from "./io-files.js";
import { rng } from "./random.js";

/** A tensor as the fuzz expects it: dtype, sizes, values in logical row-major order. */
export interface Expected {
  readonly dtype: "float32" | "int32" | "bool";
  readonly shape: readonly number[];
  readonly values: readonly number[];
}

/** Random stored values of `count` elements of `code` that the readers accept (int32-range integers). */
function storedValues(code: Code, count: number, seed: number): number[] {
  const next = rng(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor((hi - lo) * next());
  return Array.from({ length: count }, () => {
    if (code === "f2" || code === "bf2") return int(0, 65536);
    if (code === "f4" || code === "f8") return (next() - 0.5) * 10 ** int(-3, 4);
    if (code === "b1") return int(0, 2);
    const bits = sizeOf(code) * 8;
    if (code[0] === "u") return int(0, bits >= 32 ? 2 ** 31 : 2 ** bits);
    return bits >= 32 ? int(-(2 ** 31), 2 ** 31) : int(-(2 ** (bits - 1)), 2 ** (bits - 1));
  });
}
/** The logical row-major order of values stored in Fortran (column-major) order. */
function fromFortran(values: readonly number[], shape: readonly number[]): number[] {
  const out: number[] = [];
  const count = shape.reduce((a, b) => a * b, 1);
  for (let flat = 0; flat < count; flat++) {
    let rest = flat;
    let offset = 0;
    let stride = 1;
    const index = shape.map(() => 0);
    for (let k = shape.length - 1; k >= 0; k--) (index[k] = rest % shape[k]!), (rest = Math.floor(rest / shape[k]!));
    for (let k = 0; k < shape.length; k++) (offset += index[k]! * stride), (stride *= shape[k]!);
    out.push(values[offset]!);
  }
  return out;
}

export const npyCodes: readonly Code[] = ["f2", "f4", "f8", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "b1"];
/** The drawn parameters of one .npy file. */
export interface NpyDraw {
  code: Code;
  big: boolean;
  version: 1 | 2 | 3;
  fortran: boolean;
  shape: number[];
  seed: number;
  spelling: number;
}
/** The header fields of a .npy file as text, in the order written; the fuzz edits them before joining. */
export type NpyFields = [string, string][];

export function npyFields(d: NpyDraw): NpyFields {
  const order = sizeOf(d.code) === 1 ? "|" : d.big ? ">" : "<";
  const q = d.spelling % 2 ? '"' : "'";
  const tuple = d.shape.length === 1 ? `(${d.shape[0]},)` : `(${d.shape.join(", ")})`;
  const fields: NpyFields = [
    [`${q}descr${q}`, `${q}${order}${d.code}${q}`],
    [`${q}fortran_order${q}`, d.fortran ? "True" : "False"],
    [`${q}shape${q}`, tuple],
  ];
  return d.spelling % 3 === 2 ? fields.reverse() : fields;
}
/** The header text of fields: NumPy's spelling (trailing comma, padded to 64 with a final newline) or a compact one. */
export function npyText(fields: NpyFields, d: NpyDraw, tail = ""): string {
  const dict = `{${fields.map(([k, v]) => `${k}: ${v}`).join(", ")}${d.spelling % 4 === 3 ? "" : ", "}}${tail}`;
  if (d.spelling % 4 === 3) return dict;
  const prefix = d.version === 1 ? 10 : 12;
  return dict + " ".repeat((64 - ((prefix + dict.length + 1) % 64)) % 64) + "\n";
}
export function npyPayload(d: NpyDraw): Uint8Array {
  return writeElements(storedValues(d.code, d.shape.reduce((a, b) => a * b, 1), d.seed), d.code, !d.big);
}
export function npyFile(d: NpyDraw): { bytes: Uint8Array; expected: Expected } {
  const data = npyPayload(d);
  return { bytes: npyBytes(npyText(npyFields(d), d), data, d.version), expected: npyMeaning(d.code, !d.big, d.fortran, d.shape, data) as Expected };
}
function npyMeaning(code: Code, little: boolean, fortran: boolean, shape: readonly number[], data: Uint8Array): Expected | "range" {
  const values = readElements(data, shape.reduce((a, b) => a * b, 1), code, little);
  if (values === "range") return "range";
  return { dtype: dtypeOf(code), shape, values: fortran ? fromFortran(values, shape) : values };
}

/**
 * What an edited .npy file means, read independently (the header by regexes, the last of a repeated key
 * winning): the tensor, "range" when a value does not fit int32, or undefined when the file is not valid.
 */
export function npyExplain(bytes: Uint8Array): Expected | "range" | undefined {
  const wide = bytes[6]! > 1;
  if (bytes.length < (wide ? 12 : 10) || bytes[0] !== 0x93 || bytes[7] !== 0 || bytes[6]! < 1 || bytes[6]! > 3) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const length = wide ? view.getUint32(8, true) : view.getUint16(8, true);
  const start = wide ? 12 : 10;
  if (start + length > bytes.length) return undefined;
  const text = bytes[6] === 3 ? new TextDecoder().decode(bytes.subarray(start, start + length)) : String.fromCharCode(...bytes.subarray(start, start + length));
  const keys = new Set([...text.matchAll(/['"]([^'"]*)['"]\s*:/g)].map((m) => m[1]));
  if (keys.size !== 3 || !["descr", "fortran_order", "shape"].every((k) => keys.has(k))) return undefined;
  const last = (re: RegExp, group = 1): string | undefined => [...text.matchAll(re)].at(-1)?.[group];
  const descr = last(/['"]descr['"]: ['"]([<>|=]?)(\w+)['"]/g, 2);
  const order = last(/['"]descr['"]: ['"]([<>|=]?)\w+['"]/g);
  const fortran = last(/['"]fortran_order['"]: (True|False)/g);
  const tuple = last(/['"]shape['"]: \(([\d, ]*)\)/g);
  if (descr === undefined || fortran === undefined || tuple === undefined || !npyCodes.includes(descr as Code)) return undefined;
  const shape = tuple.split(",").map((s) => s.trim()).filter((s) => s !== "").map(Number);
  const code = descr as Code;
  if (shape.reduce((a, b) => a * b, 1) * sizeOf(code) !== bytes.length - start - length) return undefined;
  return npyMeaning(code, order !== ">", fortran === "True", shape, bytes.subarray(start + length));
}

export const stDtypes: Readonly<Record<string, Code>> = {
  F16: "f2", BF16: "bf2", F32: "f4", F64: "f8", I8: "i1", I16: "i2", I32: "i4", I64: "i8", U8: "u1", U16: "u2", U32: "u4", U64: "u8", BOOL: "b1",
};
/** The drawn parameters of one safetensors file: up to three tensors, their order in the header and the data. */
export interface StDraw {
  tensors: { dtype: string; shape: number[]; seed: number }[];
  dataOrder: number[];
  metadata: boolean;
  pad: number;
}
export interface StEntry {
  dtype: unknown;
  shape: unknown;
  data_offsets: unknown;
}
/** The header object of a draw (entries in header order) and its data buffer. */
export function stParts(d: StDraw): { header: Record<string, unknown>; data: Uint8Array } {
  const chunks = d.tensors.map((t) => writeElements(storedValues(stDtypes[t.dtype]!, t.shape.reduce((a, b) => a * b, 1), t.seed), stDtypes[t.dtype]!, true));
  const offsets: [number, number][] = [];
  let at = 0;
  for (const i of d.dataOrder) (offsets[i] = [at, at + chunks[i]!.length]), (at += chunks[i]!.length);
  const data = new Uint8Array(at);
  d.dataOrder.forEach((i) => data.set(chunks[i]!, offsets[i]![0]));
  const header: Record<string, unknown> = d.metadata ? { __metadata__: { format: "pt" } } : {};
  d.tensors.forEach((t, i) => (header[`t${i}`] = { dtype: t.dtype, shape: t.shape, data_offsets: offsets[i] }));
  return { header, data };
}
export function stFile(d: StDraw): { bytes: Uint8Array; expected: Record<string, Expected> } {
  const { header, data } = stParts(d);
  const expected = stExplainParsed(header, data) as Record<string, Expected>;
  return { bytes: stBytes(JSON.stringify(header) + " ".repeat(d.pad), data), expected };
}
/** The meaning of a parsed header over its data, or undefined when it does not tile the data exactly. */
function stExplainParsed(header: Record<string, unknown>, data: Uint8Array): Record<string, Expected | "range"> | undefined {
  const out: Record<string, Expected | "range"> = {};
  const spans: [number, number][] = [];
  for (const [name, e] of Object.entries(header)) {
    if (name === "__metadata__") {
      if (e !== null && (typeof e !== "object" || Array.isArray(e) || Object.values(e).some((v) => typeof v !== "string"))) return undefined;
      continue;
    }
    if (typeof e !== "object" || e === null || Object.keys(e).length !== 3) return undefined;
    const { dtype, shape, data_offsets: o } = e as StEntry;
    const code = stDtypes[dtype as string];
    if (!code || !Array.isArray(shape) || !Array.isArray(o) || o.length !== 2) return undefined;
    const count = shape.reduce((a: number, b: number) => a * b, 1) as number;
    const [b, end] = o as [number, number];
    if (end - b !== count * sizeOf(code)) return undefined;
    spans.push([b, end]);
    out[name] = npyMeaning(code, true, false, shape, data.subarray(b, end));
  }
  spans.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let end = 0;
  for (const [b, e] of spans) if (b !== end) return undefined;
  else end = e;
  return end === data.length ? out : undefined;
}
/** What an edited safetensors file means, read with JSON.parse: each tensor, or undefined when not valid. */
export function stExplain(bytes: Uint8Array): Record<string, Expected | "range"> | undefined {
  if (bytes.length < 8) return undefined;
  const n = Number(new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true));
  if (8 + n > bytes.length) return undefined;
  try {
    return stExplainParsed(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(8, 8 + n))), bytes.subarray(8 + n));
  } catch {
    return undefined;
  }
}
export { npyBytes, stBytes };
