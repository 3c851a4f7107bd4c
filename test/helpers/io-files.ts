// Hand-made .npy and safetensors files for the reader tests: raw headers around raw data, and an element codec
// written independently of src/io (DataView calls per type) to build payloads and to say what a payload means.

const encoder = new TextEncoder();

/** A .npy file: magic, version, header length, `header` as given (latin-1 for 1.0/2.0, UTF-8 for 3.0), `data`. */
export function npyBytes(header: string, data: Uint8Array, version: 1 | 2 | 3 = 1): Uint8Array {
  const h = version === 3 ? encoder.encode(header) : Uint8Array.from(header, (c) => c.charCodeAt(0));
  const prefix = version === 1 ? 10 : 12;
  const out = new Uint8Array(prefix + h.length + data.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, version, 0]);
  const view = new DataView(out.buffer);
  if (version === 1) view.setUint16(8, h.length, true);
  else view.setUint32(8, h.length, true);
  out.set(h, prefix);
  out.set(data, prefix + h.length);
  return out;
}
/** NumPy's own header text for a C-order array: sorted keys, a trailing comma, padded to 64 bytes with "\n". */
export function npyHeader(descr: string, shape: readonly number[], fortran = false, version: 1 | 2 | 3 = 1): string {
  const tuple = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(", ")})`;
  const dict = `{'descr': '${descr}', 'fortran_order': ${fortran ? "True" : "False"}, 'shape': ${tuple}, }`;
  const prefix = version === 1 ? 10 : 12;
  return dict + " ".repeat((64 - ((prefix + dict.length + 1) % 64)) % 64) + "\n";
}
/** A safetensors file: the 8-byte length, `header` as UTF-8, `data`. */
export function stBytes(header: string, data: Uint8Array): Uint8Array {
  const h = encoder.encode(header);
  const out = new Uint8Array(8 + h.length + data.length);
  new DataView(out.buffer).setBigUint64(0, BigInt(h.length), true);
  out.set(h, 8);
  out.set(data, 8 + h.length);
  return out;
}

/** An element type by NumPy kind and size (`f4`, `u8`, `b1`, and `bf2` for bfloat16). */
export type Code = "f2" | "bf2" | "f4" | "f8" | "i1" | "i2" | "i4" | "i8" | "u1" | "u2" | "u4" | "u8" | "b1";
export const sizeOf = (code: Code): number => Number(code.at(-1));
export const dtypeOf = (code: Code): "float32" | "int32" | "bool" => (code[0] === "f" || code === "bf2" ? "float32" : code === "b1" ? "bool" : "int32");

function halfToNumber(h: number): number {
  const sign = h >> 15 ? -1 : 1;
  const exp = (h >> 10) & 31;
  const frac = h & 1023;
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return exp ? sign * 2 ** (exp - 15) * (1 + frac / 1024) : sign * 2 ** -14 * (frac / 1024);
}

/** The value of element `i` of `data` as the library should read it (float32-rounded, or an exact integer). */
export function readElement(data: Uint8Array, i: number, code: Code, little: boolean): number | bigint {
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const o = i * sizeOf(code);
  switch (code) {
    case "f2": return Math.fround(halfToNumber(v.getUint16(o, little)));
    case "bf2": return new Float32Array(new Uint32Array([v.getUint16(o, little) * 65536]).buffer)[0]!;
    case "f4": return v.getFloat32(o, little);
    case "f8": return Math.fround(v.getFloat64(o, little));
    case "i1": return v.getInt8(o);
    case "i2": return v.getInt16(o, little);
    case "i4": return v.getInt32(o, little);
    case "i8": return v.getBigInt64(o, little);
    case "u1": return v.getUint8(o);
    case "u2": return v.getUint16(o, little);
    case "u4": return v.getUint32(o, little);
    case "u8": return v.getBigUint64(o, little);
    case "b1": return v.getUint8(o) === 0 ? 0 : 1;
  }
}
/** What `count` elements of `data` mean: the values, or "range" when one does not fit int32. */
export function readElements(data: Uint8Array, count: number, code: Code, little: boolean): number[] | "range" {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const v = readElement(data, i, code, little);
    const n = Number(v);
    if (dtypeOf(code) === "int32" && (n < -(2 ** 31) || n >= 2 ** 31)) return "range";
    out.push(n);
  }
  return out;
}
/** The bytes of `values` stored as `code` (values are taken as exact for the type; floats are rounded by it). */
export function writeElements(values: readonly number[], code: Code, little: boolean): Uint8Array {
  const out = new Uint8Array(values.length * sizeOf(code));
  const v = new DataView(out.buffer);
  values.forEach((x, i) => {
    const o = i * sizeOf(code);
    if (code === "f2" || code === "bf2") v.setUint16(o, x, little); // x is the 16-bit pattern
    else if (code === "f4") v.setFloat32(o, x, little);
    else if (code === "f8") v.setFloat64(o, x, little);
    else if (code === "i8") v.setBigInt64(o, BigInt(x), little);
    else if (code === "u8") v.setBigUint64(o, BigInt(x), little);
    else if (code === "i1" || code === "u1" || code === "b1") v.setUint8(o, x & 255);
    else if (code === "i2" || code === "u2") v.setUint16(o, x & 0xffff, little);
    else v.setUint32(o, x >>> 0, little);
  });
  return out;
}
/** Same values element by element: NaN equals NaN, but -0 is not 0 (a flipped sign bit is a different tensor). */
export function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!(Object.is(a[i], b[i]) || (Number.isNaN(a[i]) && Number.isNaN(b[i])))) return false;
  return true;
}
