// Layer: src/io. Matrix Market files (NIST's exchange format, https://math.nist.gov/MatrixMarket/formats.html):
// `fromMtx` reads `matrix` objects in `coordinate` or `array` layout with `real`/`double`, `integer` or
// `pattern` values and `general`, `symmetric` or `skew-symmetric` symmetry into a SparseTensor with the given
// names (rows, columns) and format; `toMtx` writes one. Strict like npy.ts: every refusal is a FormatError at
// a line (a banner that is not Matrix Market, an unknown qualifier, a size line that is not integers, an entry
// with the wrong count of numbers — a pattern file read as real — or out of range, in the wrong triangle of a
// symmetric matrix, a file with fewer or more entries than declared); a declared size is checked against the
// characters present before anything is allocated. Duplicate coordinates are summed (as scipy does).
// Imports src/types, src/shape, src/sparse.
import { type ShapeDim, checkName, checkUnique } from "../shape/dims.js";
import { checkFormat } from "../shape/sparse.js";
import { formatName } from "../sparse/format.js";
import { pack, sortAndSum, storedPositions } from "../sparse/storage.js";
import { SparseTensor, sparseFromStorage } from "../sparse/tensor.js";
import type { CheckShape, Shape } from "../types/dims.js";
import * as say from "../types/errors.js";
import { ArgumentError, FormatError } from "../types/errors.js";
import type { Guard, NoInferred } from "../types/guard.js";
import type { CheckFormat, FormatSpec } from "../types/sparse.js";

/** The shape `fromMtx` gives: the two names with run-time sizes. */
export type MtxShape<R extends string, C extends string> = [[R, number], [C, number]];
/** The two names of a matrix reader (`["row", "col"]`): identifiers, different (the sentences of `checkShape`). */
export type MtxNames<R extends string, C extends string> = Guard<CheckShape<MtxShape<R, C>>, readonly [R, C]>;
/** A matrix reader's format, checked against the names once they are right (one mistake, one error). */
export type MtxFormat<R extends string, C extends string, F> = Guard<CheckShape<MtxShape<R, C>> extends "ok" ? CheckFormat<MtxShape<R, C>, F> : "ok", F>;

type Field = "real" | "integer" | "pattern";
type Symmetry = "general" | "symmetric" | "skew-symmetric";

/** Coordinates are int32: a dim may have at most 2^31 - 1 entries. */
const MAX_SIZE = 2 ** 31 - 1;
/** Declared counts up to this are allocated without checking them against the text's length first. */
const SMALL = 1 << 16;
const REAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$|^[+-]?(?:inf|infinity|nan)$/i;
const INTEGER = /^[+-]?\d+$/;

const fail = (sentence: string, line: number): never => {
  throw new FormatError("mtx", sentence, { line });
};
const show = (s: string): string => JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s);

/** A cursor over the lines of the text, 1-based line numbers, skipping comments and blank lines on request. */
class Lines {
  #at = 0;
  line = 0;
  constructor(readonly text: string) {}
  /** The next line (without its end), or undefined at the end of the text. */
  next(): string | undefined {
    if (this.#at >= this.text.length) return undefined;
    let end = this.text.indexOf("\n", this.#at);
    if (end < 0) end = this.text.length;
    const raw = this.text.slice(this.#at, end);
    this.#at = end + 1;
    this.line++;
    return raw.endsWith("\r") ? raw.slice(0, -1) : raw;
  }
  /** The next line that is not a comment or blank, split into tokens; undefined at the end. */
  nextData(): string[] | undefined {
    for (let l = this.next(); l !== undefined; l = this.next()) {
      const t = l.trim();
      if (t !== "" && !t.startsWith("%")) return t.split(/\s+/);
    }
    return undefined;
  }
  /** Characters not yet read. */
  get left(): number {
    return Math.max(0, this.text.length - this.#at);
  }
}

const qualifier = <T extends string>(lines: Lines, what: string, got: string | undefined, allowed: Record<string, T | null>, list: string): T => {
  const v = allowed[(got ?? "").toLowerCase()];
  if (v === undefined || v === null) fail(say.mtxQualifier(what, got ?? "missing", list), lines.line);
  return v as T;
};

const integerToken = (lines: Lines, what: string, token: string): number => {
  if (!INTEGER.test(token)) fail(say.mtxNotInteger(what, show(token)), lines.line);
  return Number(token);
};

/**
 * Reads a Matrix Market file into a sparse tensor whose rows are called `names[0]` and columns `names[1]`,
 * stored in `format` (CSR over those names unless given). Symmetric and skew-symmetric files are expanded to
 * both triangles; an `array` file keeps its non-zero values; a `pattern` file gets the value 1.
 * @example
 * const A = fromMtx(readFileSync("KNex1_20.mtx", "utf8"), ["row", "col"]);
 * A.shape; // { row: 20, col: 20 }
 */
export function fromMtx<const R extends string, const C extends string, const F extends FormatSpec = [[R, "dense"], [C, "compressed"]]>(
  file: string | Uint8Array,
  names: MtxNames<R, C>,
  format?: MtxFormat<R, C, F>,
): SparseTensor<MtxShape<NoInferred<R>, NoInferred<C>>> {
  if (typeof file !== "string" && !(file instanceof Uint8Array)) throw new ArgumentError(say.takesNot("fromMtx", "the file's text or bytes", file));
  if (!Array.isArray(names) || names.length !== 2 || !names.every((n) => typeof n === "string")) throw new ArgumentError(say.mtxNames("fromMtx", names));
  const [rowName, colName] = [checkName(names[0]), checkName(names[1])];
  checkUnique([rowName, colName]);
  const text = typeof file === "string" ? file : new TextDecoder("utf-8").decode(file);
  const lines = new Lines(text);

  const banner = lines.next() ?? "";
  const words = banner.trim().split(/\s+/);
  if (words[0]?.toLowerCase() !== "%%matrixmarket") fail(say.mtxBanner(show(banner)), 1);
  qualifier(lines, "object", words[1], { matrix: "matrix", vector: null }, '"matrix"');
  const layout = qualifier(lines, "layout", words[2], { coordinate: "coordinate", array: "array" }, '"coordinate" or "array"');
  const field = qualifier<Field>(lines, "field", words[3], { real: "real", double: "real", integer: "integer", pattern: "pattern", complex: null }, '"real", "double", "integer" or "pattern" (complex values are not supported)');
  const symmetry = qualifier<Symmetry>(lines, "symmetry", words[4], { general: "general", symmetric: "symmetric", "skew-symmetric": "skew-symmetric", hermitian: null }, '"general", "symmetric" or "skew-symmetric"');
  if (words.length > 5) fail(say.mtxBanner(show(banner)), 1);
  if (layout === "array" && field === "pattern") fail(say.mtxQualifier("field", "pattern", 'a value field: an "array" file stores every value'), 1);

  const sizeTokens = lines.nextData();
  const want = layout === "coordinate" ? "rows, columns and entries" : "rows and columns";
  if (!sizeTokens || sizeTokens.length !== (layout === "coordinate" ? 3 : 2) || !sizeTokens.every((t) => /^\d+$/.test(t)))
    return fail(say.mtxSizeLine(want, sizeTokens ? show(sizeTokens.join(" ")) : "the end of the file"), lines.line);
  const [rows, cols] = [Number(sizeTokens[0]), Number(sizeTokens[1])];
  const sizeLine = lines.line;
  for (const [what, n] of [["rows", rows], ["columns", cols]] as const) if (n > MAX_SIZE) fail(say.mtxTooLarge(what, n, MAX_SIZE, "int32 coordinates reach"), sizeLine);
  if (symmetry !== "general" && rows !== cols) fail(say.mtxNotSquare(symmetry, rows, cols), sizeLine);
  const dims: ShapeDim[] = [
    { name: rowName, size: rows, masked: false },
    { name: colName, size: cols, masked: false },
  ];
  const levels = checkFormat(dims, format ?? [[rowName, "dense"], [colName, "compressed"]]);

  // How many values the body holds, bounded by the characters present (each takes at least minChars).
  const declared = layout === "coordinate" ? Number(sizeTokens[2]) : symmetry === "general" ? rows * cols : symmetry === "symmetric" ? (rows * (rows + 1)) / 2 : (rows * (rows - 1)) / 2;
  const minChars = layout === "array" ? 2 : field === "pattern" ? 4 : 6;
  const limit = Math.floor((lines.left + 1) / minChars);
  const what = layout === "coordinate" ? "entries" : "values";
  // Small sizes are allocated anyway (so a cut file reports where it ends); large ones must fit the text.
  if (declared > SMALL && declared > limit) fail(say.mtxTooLarge(what, declared, limit, "the rest of the file has room for"), sizeLine);

  const mirrored = symmetry === "general" ? 1 : 2;
  // A format whose outer levels are dense stores a position per coordinate: a header of 2e9 rows over one entry
  // would make a CSR allocate 8 GB. Past 2^24 positions, at most 64 per value the file holds (dcsr, coo: none).
  const positions = storedPositions(levels, declared * mirrored);
  if (positions > SMALL * 256 && positions > 64 * (declared * mirrored + 1))
    fail(say.mtxFormatTooLarge(rows, cols, declared, formatName(levels.map((l) => [l.name, l.kind] as const) as never, [rowName, colName]), positions), sizeLine);
  const rowIdx = new Int32Array(declared * mirrored);
  const colIdx = new Int32Array(declared * mirrored);
  const values = new Float64Array(declared * mirrored);
  let n = 0;
  const sign = symmetry === "skew-symmetric" ? -1 : 1;
  const push = (i: number, j: number, v: number): void => {
    rowIdx[n] = i;
    colIdx[n] = j;
    values[n++] = v;
    if (mirrored === 2 && i !== j) {
      rowIdx[n] = j;
      colIdx[n] = i;
      values[n++] = sign * v;
    }
  };
  const valueOf = (token: string): number => {
    if (field === "integer") return integerToken(lines, "value", token);
    if (!REAL.test(token)) fail(say.mtxNotNumber("value", show(token)), lines.line);
    return Number(token.replace(/^([+-]?)inf(inity)?$/i, "$1Infinity"));
  };

  if (layout === "coordinate") {
    const tokens = field === "pattern" ? 2 : 3;
    const shape = field === "pattern" ? "a row and a column" : "a row, a column and a value";
    for (let e = 0; e < declared; e++) {
      const t = lines.nextData();
      if (!t) return fail(say.mtxTruncated(declared, e, what), lines.line);
      if (t.length !== tokens) fail(say.mtxEntryTokens(field, shape, t.length), lines.line);
      const i = integerToken(lines, "row", t[0]!);
      const j = integerToken(lines, "column", t[1]!);
      if (i < 1 || i > rows) fail(say.mtxOutOfRange("row", i, rows), lines.line);
      if (j < 1 || j > cols) fail(say.mtxOutOfRange("column", j, cols), lines.line);
      if (symmetry === "symmetric" && i < j) fail(say.mtxTriangle(symmetry, i, j, "the lower triangle and the diagonal (row ≥ column)"), lines.line);
      if (symmetry === "skew-symmetric" && i <= j) fail(say.mtxTriangle(symmetry, i, j, "the strict lower triangle (row > column)"), lines.line);
      push(i - 1, j - 1, field === "pattern" ? 1 : valueOf(t[2]!));
    }
  } else {
    // Column-major; a symmetric file stores each column from the diagonal down (skew: below the diagonal).
    let k = 0;
    for (let j = 0; j < cols; j++) {
      for (let i = symmetry === "general" ? 0 : symmetry === "symmetric" ? j : j + 1; i < rows; i++, k++) {
        const t = lines.nextData();
        if (!t) return fail(say.mtxTruncated(declared, k, what), lines.line);
        if (t.length !== 1) fail(say.mtxEntryTokens(`${field} array`, "one value", t.length), lines.line);
        const v = valueOf(t[0]!);
        if (v !== 0) push(i, j, v);
      }
    }
  }
  if (lines.nextData()) fail(say.mtxExtra(declared, what), lines.line);

  const byName: Record<string, Int32Array> = { [rowName]: rowIdx.subarray(0, n), [colName]: colIdx.subarray(0, n) };
  const sorted = sortAndSum(levels.map((l) => byName[l.name]!), values.subarray(0, n));
  return sparseFromStorage(dims, pack(levels, sorted.coords, sorted.values));
}

/** Options of `toMtx`: the field written (`real` unless given) and the symmetry (`general` unless given). */
export interface MtxOptions {
  readonly field?: Field;
  readonly symmetry?: Symmetry;
}

/**
 * Writes a sparse matrix as a Matrix Market coordinate file: rows are its first logical dim, columns its
 * second, 1-based, in row-major order. `symmetry: "symmetric"` (or skew) writes the lower triangle after
 * checking the matrix is so; `field: "integer"` checks the values are integers; `field: "pattern"` writes
 * coordinates only.
 * @example writeFileSync("A.mtx", toMtx(A)); // scipy.io.mmread("A.mtx") reads the same matrix
 */
export function toMtx(A: SparseTensor<Shape>, options: MtxOptions = {}): string {
  if (!(A instanceof SparseTensor)) throw new ArgumentError(say.takesNot("toMtx", "a sparse tensor", A));
  if (A.shapeDims.length !== 2) throw new ArgumentError(say.mtxNotMatrix("toMtx", A.shapeDims.length));
  const field = options.field ?? "real";
  const symmetry = options.symmetry ?? "general";
  if (!["real", "integer", "pattern"].includes(field)) throw new ArgumentError(say.badOption("toMtx", "field", '"real", "integer" or "pattern"', say.describeArgument(field)));
  if (!["general", "symmetric", "skew-symmetric"].includes(symmetry))
    throw new ArgumentError(say.badOption("toMtx", "symmetry", '"general", "symmetric" or "skew-symmetric"', say.describeArgument(symmetry)));
  const [rowDim, colDim] = A.shapeDims as [ShapeDim, ShapeDim];
  const { coords, values } = A.entries();
  const r = coords[rowDim.name]!;
  const c = coords[colDim.name]!;
  const order = Array.from(values, (_, k) => k).sort((a, b) => r[a]! - r[b]! || c[a]! - c[b]!);
  if (symmetry !== "general") {
    if (rowDim.size !== colDim.size) throw new ArgumentError(say.mtxNotSquare(symmetry, rowDim.size, colDim.size));
    const at = new Map<number, number>();
    for (const k of order) at.set(r[k]! * colDim.size + c[k]!, values[k]!);
    const sign = symmetry === "symmetric" ? 1 : -1;
    for (const [key, v] of at) {
      const [i, j] = [Math.floor(key / colDim.size), key % colDim.size];
      const mirror = at.get(j * colDim.size + i) ?? 0;
      if (mirror !== sign * v || (symmetry === "skew-symmetric" && i === j && v !== 0)) throw new ArgumentError(say.mtxNotSymmetric(symmetry, i + 1, j + 1));
    }
  }
  const kept = order.filter((k) => (symmetry === "general" ? true : symmetry === "symmetric" ? r[k]! >= c[k]! : r[k]! > c[k]!));
  if (field === "integer") for (const k of kept) if (!Number.isInteger(values[k]!)) throw new ArgumentError(say.badOption("toMtx", "field", "real for values that are not integers", `integer (value ${values[k]})`));
  const body = kept.map((k) => `${r[k]! + 1} ${c[k]! + 1}${field === "pattern" ? "" : ` ${values[k]}`}`);
  const header = [`%%MatrixMarket matrix coordinate ${field} ${symmetry}`, `% rows "${rowDim.name}", columns "${colDim.name}" (named-tensor)`, `${rowDim.size} ${colDim.size} ${kept.length}`];
  return `${[...header, ...body].join("\n")}\n`;
}
