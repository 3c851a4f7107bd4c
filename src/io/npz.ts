// Layer: src/io. scipy's sparse `.npz` files (`scipy.sparse.save_npz`): a ZIP archive of `.npy` members —
// `format` (b'csr', b'csc' or b'coo'), `shape`, `data`, and `indptr` + `indices` (CSR, CSC) or `row` + `col`
// (COO); sparse arrays add `_is_array`. `fromNpz` reads the archive strictly: the end-of-central-directory
// record (ZIP64 too), each central entry (stored or deflate, not encrypted, inside the file, names unique and
// known), each local header (matching name), each member's CRC-32 and length. Deflate members are inflated by
// the platform's `DecompressionStream("deflate-raw")` (Node and browsers), so the reader is async; an inflated
// member may not grow past the size its entry declares, and no declared size above deflate's 1032:1 ratio is
// believed — nothing is allocated that the file's bytes could not hold. Members are read by npy.ts's reader;
// every refusal is a `FormatError` of the .npz naming the member and the byte of the archive (the member's
// data offset plus the offset inside it). Then scipy's invariants: indptr starts at 0, never decreases, ends at
// nnz; every index inside its dim; lengths agree. Duplicates are summed and rows sorted (scipy allows both).
// Imports src/types, src/shape, src/sparse and npy.ts.
import { type ShapeDim, checkName, checkUnique } from "../shape/dims.js";
import { type SparseTensor, sparseFromStorage } from "../sparse/tensor.js";
import * as say from "../types/errors.js";
import { ArgumentError, FormatError } from "../types/errors.js";
import type { FormatSpec } from "../types/sparse.js";
import type { MtxFormat, MtxNames, MtxShape } from "./mtx.js";
import { npyArray } from "./npy.js";
import { SPARSE_MEMBERS, sparseFromMembers } from "./sparse-members.js";
import { parsePythonLiteral, pyRepr } from "./python-literal.js";

const fail = (sentence: string, place: say.FormatPlace = {}): never => {
  throw new FormatError("npz", sentence, place);
};

/** Deflate's largest expansion (a 258-byte match per 2 bits, plus block overhead): no honest member inflates more. */
const DEFLATE_RATIO = 1032;
/** The members each scipy format stores (besides format and shape; `_is_array` is allowed everywhere). */
const MEMBERS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(Object.entries(SPARSE_MEMBERS).map(([k, v]) => [k, ["data", ...(k === "coo" ? v : [...v].reverse())]]));

/** One member of the archive: where its data is and how it is stored. */
interface Entry {
  readonly name: string;
  readonly method: number;
  readonly crc: number;
  readonly compressed: number;
  readonly size: number;
  readonly header: number;
  readonly data: number;
}

let crcTable: Uint32Array | undefined;
/** CRC-32 (ZIP's polynomial 0xEDB88320). @example crc32(new TextEncoder().encode("123456789")) // 0xcbf43926 */
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The central directory's entries, every field checked against the file. */
function centralDirectory(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const u16 = (at: number): number => view.getUint16(at, true);
  const u32 = (at: number): number => view.getUint32(at, true);
  const u64 = (at: number, field: string): number => {
    const v = view.getBigUint64(at, true);
    if (v > BigInt(bytes.length)) fail(`the ${field} is ${v}, beyond the file's ${bytes.length} bytes`, { offset: at });
    return Number(v);
  };
  if (bytes.length < 22) fail(say.endsInside("end of central directory record", 22, bytes.length), { offset: 0 });
  // The end record is the last 22 bytes plus a comment of up to 65535.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--)
    if (u32(at) === 0x06054b50 && at + 22 + u16(at + 20) === bytes.length) {
      end = at;
      break;
    }
  if (end < 0) fail("it has no end of central directory record (not a ZIP archive, or cut short)", { offset: Math.max(0, bytes.length - 22) });
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0 || u16(end + 8) !== u16(end + 10)) fail("it spans several disks", { offset: end + 4 });
  let [count, size, start] = [u16(end + 10), u32(end + 12), u32(end + 16)];
  if (count === 0xffff || size === 0xffffffff || start === 0xffffffff) {
    // ZIP64: a locator just before the end record points at the ZIP64 end record.
    const locator = end - 20;
    if (locator < 0 || u32(locator) !== 0x07064b50) fail("its end record asks for ZIP64 but no ZIP64 locator precedes it", { offset: end });
    const record = u64(locator + 8, "ZIP64 end record's offset");
    if (record + 56 > locator || u32(record) !== 0x06064b50) fail("the ZIP64 locator does not point at a ZIP64 end record", { offset: locator + 8 });
    count = u64(record + 32, "ZIP64 entry count");
    size = u64(record + 40, "ZIP64 central directory size");
    start = u64(record + 48, "ZIP64 central directory offset");
    end = record;
  }
  if (start + size > end) fail(`the central directory (${size} bytes at ${start}) runs past its end record at ${end}`, { offset: end + 12 });
  if (count > size / 46) fail(`the end record declares ${count} entries, more than ${size} bytes of central directory hold`, { offset: end + 10 });
  const entries: Entry[] = [];
  let at = start;
  for (let n = 0; n < count; n++) {
    if (at + 46 > start + size) fail(say.endsInside(`central directory entry ${n}`, 46, start + size - at), { offset: at });
    if (u32(at) !== 0x02014b50) fail(`central directory entry ${n} does not start with its signature PK\\1\\2`, { offset: at });
    const [flags, method, crc] = [u16(at + 8), u16(at + 10), u32(at + 16)];
    let [compressed, sizeOut, header] = [u32(at + 20), u32(at + 24), u32(at + 42)];
    const [nameLength, extraLength, commentLength] = [u16(at + 28), u16(at + 30), u16(at + 32)];
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > start + size) fail(say.endsInside(`central directory entry ${n}`, next - at, start + size - at), { offset: at });
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (flags & 1) fail(`the member ${name} is encrypted`, { offset: at + 8 });
    if (method !== 0 && method !== 8) fail(`the member ${name} is compressed with method ${method}: only stored (0) and deflate (8) are read`, { offset: at + 10 });
    // ZIP64 extra field: the 64-bit values of the fields saturated at 0xffffffff, in order.
    for (let e = at + 46 + nameLength; e + 4 <= at + 46 + nameLength + extraLength; ) {
      const [id, length] = [u16(e), u16(e + 2)];
      if (e + 4 + length > at + 46 + nameLength + extraLength) fail(`an extra field of the member ${name} runs past its entry`, { offset: e });
      if (id === 0x0001) {
        let f = e + 4;
        const take = (what: string): number => {
          if (f + 8 > e + 4 + length) fail(`the ZIP64 extra field of the member ${name} lacks its ${what}`, { offset: e });
          const v = u64(f, `ZIP64 ${what} of the member ${name}`);
          f += 8;
          return v;
        };
        if (sizeOut === 0xffffffff) sizeOut = take("size");
        if (compressed === 0xffffffff) compressed = take("compressed size");
        if (header === 0xffffffff) header = take("header offset");
      }
      e += 4 + length;
    }
    // The local header: its signature and name, then the data.
    if (header + 30 > start) fail(`the member ${name}'s local header (at ${header}) is not before the central directory`, { offset: at + 42 });
    if (u32(header) !== 0x04034b50) fail(`the member ${name}'s local header does not start with its signature PK\\3\\4`, { offset: header });
    const localName = bytes.subarray(header + 30, header + 30 + u16(header + 26));
    if (localName.length !== nameLength || localName.some((b, i) => b !== bytes[at + 46 + i])) fail(`the local header at ${header} names another member than ${name}`, { offset: header + 30 });
    const data = header + 30 + u16(header + 26) + u16(header + 28);
    if (data + compressed > start) fail(`the member ${name}'s ${compressed} bytes at ${data} run into the central directory at ${start}`, { offset: at + 20 });
    if (method === 0 && compressed !== sizeOut) fail(`the stored member ${name} declares ${sizeOut} bytes but holds ${compressed}`, { offset: at + 24 });
    if (method === 8 && sizeOut > compressed * DEFLATE_RATIO + 64) fail(`the member ${name} declares ${sizeOut} bytes inflated from ${compressed}, more than deflate can produce`, { offset: at + 24 });
    if (entries.some((x) => x.name === name)) fail(`the member ${name} appears twice`, { offset: at + 46 });
    entries.push({ name, method, crc, compressed, size: sizeOut, header, data });
    at = next;
  }
  return entries;
}

/** A member's bytes: stored, or inflated (never past its declared size); its CRC-32 checked. */
async function memberBytes(bytes: Uint8Array, e: Entry): Promise<Uint8Array> {
  const raw = bytes.subarray(e.data, e.data + e.compressed);
  let out: Uint8Array;
  if (e.method === 0) out = raw;
  else {
    out = new Uint8Array(e.size);
    let filled = 0;
    const stream = new Blob([raw as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (filled + value.length > e.size) {
          await reader.cancel();
          fail(`the member ${e.name} inflates past the ${e.size} bytes its entry declares`, { offset: e.data });
        }
        out.set(value, filled);
        filled += value.length;
      }
    } catch (err) {
      if (err instanceof FormatError) throw err;
      fail(`the deflate data of the member ${e.name} is corrupt (${(err as Error).message})`, { offset: e.data });
    }
    if (filled !== e.size) fail(`the member ${e.name} inflates to ${filled} bytes, not the ${e.size} its entry declares`, { offset: e.data });
  }
  if (crc32(out) !== e.crc) fail(`the member ${e.name} fails its CRC-32 check`, { offset: e.header + 14 });
  return out;
}

/** A member's array through the .npy reader; its refusals become the archive's, at the member's offset. */
function array(member: Uint8Array, e: Entry, stored: boolean): ReturnType<typeof npyArray> {
  try {
    return npyArray(member);
  } catch (err) {
    if (!(err instanceof FormatError)) throw err;
    const sentence = err.message.replace(/^the \.npy file is invalid[^:]*: /, "");
    const where = err.field ? ` (${err.field})` : "";
    // A stored member's offsets are bytes of the archive; an inflated one's are bytes of the member.
    return fail(`the member ${e.name}${where}: ${sentence}${!stored && err.offset !== undefined ? ` (at byte ${err.offset} of the inflated member)` : ""}`, { offset: stored && err.offset !== undefined ? e.data + err.offset : e.data });
  }
}

/** The `format` member: a 0-d byte string (|S3, as save_npz writes it) or unicode string (<U3). */
function formatOf(member: Uint8Array, e: Entry): string {
  const head = (): never => fail(`the member ${e.name} is not a .npy file holding one string`, { offset: e.data });
  if (member.length < 10 || member[0] !== 0x93 || String.fromCharCode(...member.subarray(1, 6)) !== "NUMPY" || member[6] !== 1) return head();
  const length = member[8]! | (member[9]! << 8);
  if (10 + length > member.length) return head();
  let dict: ReturnType<typeof parsePythonLiteral>;
  try {
    dict = parsePythonLiteral(String.fromCharCode(...member.subarray(10, 10 + length)), 0, true);
  } catch (err) {
    if (!(err instanceof FormatError)) throw err;
    return fail(`the member ${e.name}'s header ${err.message.replace(/^the \.npy file is invalid[^:]*: /, "")}`, { offset: e.data });
  }
  const descr = dict.type === "dict" ? dict.entries.get("descr") : undefined;
  const shape = dict.type === "dict" ? dict.entries.get("shape") : undefined;
  const m = descr?.type === "str" ? /^[|<]?([SU])(\d+)$/.exec(descr.value) : null;
  if (!m || shape?.type !== "tuple" || shape.items.length !== 0) return fail(`the member ${e.name} must hold one string (descr '|S3', shape ()), not descr ${descr ? pyRepr(descr) : "none"}, shape ${shape ? pyRepr(shape) : "none"}`, { offset: e.data + 10 });
  const width = Number(m[2]) * (m[1] === "U" ? 4 : 1);
  const body = member.subarray(10 + length);
  if (body.length !== width) return fail(say.endsInside(`string of ${e.name}`, width, body.length), { offset: e.data + 10 + length });
  const chars: number[] = [];
  for (let i = 0; i < body.length; i += m[1] === "U" ? 4 : 1) chars.push(m[1] === "U" ? body[i]! | (body[i + 1]! << 8) | (body[i + 2]! << 16) : body[i]!);
  return String.fromCodePoint(...chars).replace(/\0+$/, "");
}

/**
 * Reads a sparse matrix saved by `scipy.sparse.save_npz` (CSR, CSC or COO; compressed or not) into a sparse
 * tensor whose rows are called `names[0]` and columns `names[1]`, stored in `format` — the file's own layout
 * unless given (csr, csc, coo over those names). Values become float32 (integer and bool data too); int64
 * indices are range-checked into int32. Duplicate entries are summed, unsorted rows sorted. A file that is
 * not exactly what scipy writes is refused with a `FormatError` naming the member and the byte.
 * @example
 * // written by python: scipy.sparse.save_npz("A.npz", A) for a 3×4 matrix with 3 stored values
 * const A = await fromNpz(readFileSync("A.npz"), ["row", "col"]);
 * A.shape; // { row: 3, col: 4 }
 * A.nnz; // 3
 */
export async function fromNpz<const R extends string, const C extends string, const F extends FormatSpec = [[R, "dense"], [C, "compressed"]]>(
  bytes: Uint8Array,
  names: MtxNames<R, C>,
  format?: MtxFormat<R, C, F>,
): Promise<SparseTensor<MtxShape<NoInfer<R>, NoInfer<C>>>> {
  if (!(bytes instanceof Uint8Array)) throw new ArgumentError(say.notBytes("fromNpz", bytes));
  if (!Array.isArray(names) || names.length !== 2 || !names.every((n) => typeof n === "string")) throw new ArgumentError(say.mtxNames("fromNpz", names));
  const [rowName, colName] = [checkName(names[0]), checkName(names[1])];
  checkUnique([rowName, colName]);
  const entries = centralDirectory(bytes);
  const byName = new Map(entries.map((e) => [e.name.replace(/\.npy$/, ""), e]));
  const need = (name: string): Entry => byName.get(name) ?? fail(`it has no member ${name}.npy (scipy's save_npz writes ${["format", "shape", ...(MEMBERS[kind] ?? [])].map((m) => `${m}.npy`).join(", ")})`, { field: `${name}.npy` });
  let kind = "";
  const formatEntry = need("format");
  kind = formatOf(await memberBytes(bytes, formatEntry), formatEntry);
  const members = MEMBERS[kind];
  if (!members) return fail(`the sparse format is '${kind}': only csr, csc and coo are read (convert with .tocsr() before save_npz)`, { field: "format.npy", offset: formatEntry.data });
  for (const e of entries) {
    const base = e.name.replace(/\.npy$/, "");
    if (!e.name.endsWith(".npy") || !["format", "shape", "_is_array", ...members].includes(base))
      fail(`the member ${e.name} is not one scipy's save_npz writes for ${kind} (${["format", "shape", ...members].map((m) => `${m}.npy`).join(", ")}, _is_array.npy)`, { offset: e.header });
  }
  const read = async (name: string, integer: boolean): Promise<{ values: Float32Array | Int32Array | Uint8Array; entry: Entry }> => {
    const entry = need(name);
    const a = array(await memberBytes(bytes, entry), entry, entry.method === 0);
    if (a.shape.length !== 1) fail(`the member ${entry.name} must be one-dimensional, not of shape (${a.shape.join(", ")})`, { field: entry.name, offset: entry.data });
    if (integer && a.dtype !== "int32") fail(`the member ${entry.name} must hold integers, not ${a.descr}`, { field: entry.name, offset: entry.data });
    return { values: a.values, entry };
  };
  const shape = await read("shape", true);
  if (shape.values.length !== 2) fail(`the shape has ${shape.values.length} entries: only matrices (two) are read`, { field: "shape.npy", offset: shape.entry.data });
  const [rows, cols] = [shape.values[0]!, shape.values[1]!];
  if (rows < 0 || cols < 0) fail(`the shape (${rows}, ${cols}) has a negative size`, { field: "shape.npy", offset: shape.entry.data });
  const data = await read("data", false);
  const arrays: Record<string, ArrayLike<number>> = { data: data.values };
  const at: Record<string, Entry> = { data: data.entry };
  for (const m of SPARSE_MEMBERS[kind]!) {
    const r = await read(m, true);
    arrays[m] = r.values;
    at[m] = r.entry;
  }
  const dims: ShapeDim[] = [
    { name: rowName, size: rows, masked: false },
    { name: colName, size: cols, masked: false },
  ];
  const storage = sparseFromMembers(kind, dims, arrays, format, (sentence, member) => fail(sentence.replace(/^(row|col|indptr|indices) has /, `the member $1.npy has `).replace(/but data has/, "but data.npy has"), { field: `${member}.npy`, offset: at[member]!.data }));
  return sparseFromStorage(dims, storage);
}

