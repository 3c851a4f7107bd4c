// Obviously-correct float64 loop implementations, written independently of the library, that tests compare
// every device against. Arrays are dense row-major over named dims; a "layout" lists [name, size] pairs.

export type Layout = readonly (readonly [string, number])[];

/** Row-major strides of a layout. */
export function strides(layout: Layout): number[] {
  const s = layout.map(() => 1);
  for (let i = layout.length - 2; i >= 0; i--) s[i] = s[i + 1]! * layout[i + 1]![1];
  return s;
}

/** Calls fn(index by name, flat offset) for every position of a layout, in row-major order. */
export function forEachPosition(layout: Layout, fn: (at: Record<string, number>, flat: number) => void): void {
  const total = layout.reduce((n, [, z]) => n * z, 1);
  const at: Record<string, number> = {};
  for (let flat = 0; flat < total; flat++) {
    let rest = flat;
    for (let d = layout.length - 1; d >= 0; d--) {
      const [name, size] = layout[d]!;
      at[name] = rest % size;
      rest = Math.floor(rest / size);
    }
    fn(at, flat);
  }
}

/** The flat offset of a position (by name) in a layout. */
export function offsetOf(layout: Layout, at: Record<string, number>): number {
  const s = strides(layout);
  return layout.reduce((o, [name], i) => o + at[name]! * s[i]!, 0);
}

/** out[outLayout] = f(a at the same names, b at the same names): elementwise with broadcasting by name. */
export function naiveBinary(a: ArrayLike<number>, la: Layout, b: ArrayLike<number>, lb: Layout, out: Layout, f: (x: number, y: number) => number): Float64Array {
  const r = new Float64Array(out.reduce((n, [, z]) => n * z, 1));
  forEachPosition(out, (at, flat) => {
    r[flat] = f(a[offsetOf(la, at)]!, b[offsetOf(lb, at)]!);
  });
  return r;
}

/** Sum (or another fold) of x over the dims not in `out`. */
export function naiveReduce(x: ArrayLike<number>, lx: Layout, out: Layout, init: number, f: (acc: number, v: number) => number): Float64Array {
  const r = new Float64Array(out.reduce((n, [, z]) => n * z, 1)).fill(init);
  forEachPosition(lx, (at, flat) => {
    const o = offsetOf(out, at);
    r[o] = f(r[o]!, x[flat]!);
  });
  return r;
}

/** C(out) = Σ over `contracted` of A·B, by name. */
export function naiveDot(a: ArrayLike<number>, la: Layout, b: ArrayLike<number>, lb: Layout, contracted: readonly string[], out: Layout): Float64Array {
  const all: [string, number][] = [...out.map(([n, z]) => [n, z] as [string, number])];
  for (const [n, z] of [...la, ...lb]) if (contracted.includes(n) && !all.some(([m]) => m === n)) all.push([n, z]);
  const r = new Float64Array(out.reduce((n, [, z]) => n * z, 1));
  forEachPosition(all, (at) => {
    r[offsetOf(out, at)]! += a[offsetOf(la, at)]! * b[offsetOf(lb, at)]!;
  });
  return r;
}

/** Softmax of x along `name` (float64). */
export function naiveSoftmax(x: ArrayLike<number>, lx: Layout, name: string): Float64Array {
  const rest = lx.filter(([n]) => n !== name);
  const max = naiveReduce(x, lx, rest, -Infinity, (m, v) => Math.max(m, v));
  const r = new Float64Array(x.length);
  forEachPosition(lx, (at, flat) => {
    r[flat] = Math.exp(x[flat]! - max[offsetOf(rest, at)]!);
  });
  const sum = naiveReduce(r, lx, rest, 0, (s, v) => s + v);
  forEachPosition(lx, (at, flat) => {
    r[flat]! /= sum[offsetOf(rest, at)]!;
  });
  return r;
}

/**
 * Asserts that `actual` matches `expected` within `atol + rtol·|expected|` everywhere (NaN must match NaN,
 * infinities must match exactly), with a message naming the first bad index.
 */
export function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, rtol = 1e-5, atol = 1e-6): void {
  if (actual.length !== expected.length) throw new Error(`length ${actual.length} differs from the expected ${expected.length}`);
  for (let i = 0; i < actual.length; i++) {
    const [x, y] = [actual[i]!, expected[i]!];
    if (Number.isNaN(y) ? Number.isNaN(x) : !Number.isFinite(y) ? x === y : Math.abs(x - y) <= atol + rtol * Math.abs(y)) continue;
    throw new Error(`element ${i} is ${x} but the reference is ${y} (rtol ${rtol}, atol ${atol})`);
  }
}

/** The reference values of a float node twice: in float64, and rounded to float32 after every op. */
export interface Reference {
  readonly exact: Float64Array;
  readonly rounded: Float64Array;
}

/**
 * Like expectClose against `ref.exact`, with each element's tolerance widened by how far rounding to float32
 * moves the reference there (4·|exact − rounded|): an ill-conditioned expression (the `sin` of a large `exp`, a
 * sum that cancels) has no float32 answer closer than that, and a wrong kernel is still off by far more. A value
 * that overflows or becomes NaN only in float32 is accepted when it matches the rounded reference.
 */
export function expectCloseConditioned(actual: ArrayLike<number>, ref: Reference, rtol: number, atol: number): void {
  const { exact, rounded } = ref;
  if (actual.length !== exact.length) throw new Error(`length ${actual.length} differs from the expected ${exact.length}`);
  for (let i = 0; i < actual.length; i++) {
    const [x, y, r] = [actual[i]!, Math.fround(exact[i]!), rounded[i]!];
    const same = (a: number, b: number): boolean => (Number.isNaN(b) ? Number.isNaN(a) : a === b);
    if (!Number.isFinite(y) || !Number.isFinite(r)) {
      if (same(x, y) || same(x, r)) continue;
    } else if (Math.abs(x - y) <= atol + rtol * Math.abs(y) + 4 * Math.abs(y - r)) continue;
    throw new Error(`element ${i} is ${x} but the reference is ${y} (float32-rounded reference ${r}; rtol ${rtol}, atol ${atol})`);
  }
}

/**
 * out[at] = x[where(at)] for every position of `out`, or `fill` where `where` gives undefined: any movement or
 * indexing op, with the position it reads written out by hand in the test (plain arithmetic on indices).
 */
export function naiveRead(
  x: ArrayLike<number>,
  lx: Layout,
  out: Layout,
  where: (at: Readonly<Record<string, number>>) => Record<string, number> | undefined,
  fill = 0,
): Float64Array {
  const r = new Float64Array(out.reduce((n, [, z]) => n * z, 1));
  forEachPosition(out, (at, flat) => {
    const from = where(at);
    r[flat] = from === undefined ? fill : x[offsetOf(lx, from)]!;
  });
  return r;
}

// ---- Additions for the op-family suites (independent of the library; plain float64 loops) -------------------

/** Number of elements of a layout. */
export const sizeOf = (layout: Layout): number => layout.reduce((n, [, z]) => n * z, 1);

/** out[i] = f(x[i]): an elementwise function of one tensor. */
export function naiveMap(x: ArrayLike<number>, f: (v: number) => number): Float64Array {
  return Float64Array.from({ length: x.length }, (_, i) => f(x[i]!));
}

/** The flat offsets of every line of `layout` along `name`, each line in order along `name`. */
export function linesAlong(layout: Layout, name: string): number[][] {
  const rest = layout.filter(([n]) => n !== name);
  const size = layout.find(([n]) => n === name)![1];
  const out: number[][] = [];
  forEachPosition(rest, (at) => {
    const line: number[] = [];
    for (let k = 0; k < size; k++) line.push(offsetOf(layout, { ...at, [name]: k }));
    out.push(line);
  });
  return out;
}

/** Applies `f` to each line along `name` and writes what it returns back in place (softmax, cumsum, sort…). */
export function naiveAlong(x: ArrayLike<number>, layout: Layout, name: string, f: (line: number[]) => number[]): Float64Array {
  const out = new Float64Array(x.length);
  for (const offsets of linesAlong(layout, name)) {
    const result = f(offsets.map((o) => x[o]!));
    offsets.forEach((o, k) => (out[o] = result[k]!));
  }
  return out;
}

/** One value per line along `name` (argmax, logsumexp…), in the row-major order of the other dims. */
export function naivePerLine(x: ArrayLike<number>, layout: Layout, name: string, f: (line: number[]) => number): Float64Array {
  return Float64Array.from(linesAlong(layout, name), (offsets) => f(offsets.map((o) => x[o]!)));
}

/** The values of the other dims gathered into lists over the dims in `names`, in the row-major order of the rest. */
export function naiveGroups(x: ArrayLike<number>, layout: Layout, names: readonly string[]): number[][] {
  const rest = layout.filter(([n]) => !names.includes(n));
  const groups: number[][] = Array.from({ length: sizeOf(rest) }, () => []);
  forEachPosition(layout, (at, flat) => groups[offsetOf(rest, at)]!.push(x[flat]!));
  return groups;
}

/** Max that lets NaN win (IEEE-propagating, like the library's max). */
export const nanMax = (a: number, b: number): number => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a > b ? a : b);
/** Min that lets NaN win. */
export const nanMin = (a: number, b: number): number => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a < b ? a : b);

/** log Σ exp over a list, computed stably in float64 (the max is subtracted first). */
export function logSumExp(line: readonly number[]): number {
  const m = line.reduce(nanMax, -Infinity);
  if (Number.isNaN(m)) return NaN;
  if (m === -Infinity) return -Infinity;
  if (m === Infinity) return Infinity;
  return m + Math.log(line.reduce((s, v) => s + Math.exp(v - m), 0));
}

/** The variance of a list with a given correction (two-pass, float64). */
export function variance(line: readonly number[], correction = 0): number {
  const mean = line.reduce((s, v) => s + v, 0) / line.length;
  return line.reduce((s, v) => s + (v - mean) ** 2, 0) / (line.length - correction);
}

/** The first position of the maximum (or minimum) of a list; a NaN counts as the extreme, first one wins. */
export function argExtreme(line: readonly number[], largest: boolean): number {
  let best = 0;
  for (let i = 0; i < line.length; i++) {
    const [v, b] = [line[i]!, line[best]!];
    if (Number.isNaN(v)) return i;
    if (Number.isNaN(b)) return best;
    if (largest ? v > b : v < b) best = i;
  }
  return best;
}

/**
 * The positions that sort a list, stably, NaN as the largest value (last ascending, first descending), by
 * insertion sort: obviously correct and independent of Array.prototype.sort.
 */
export function argSort(line: readonly number[], descending = false): number[] {
  const key = (i: number): number => (Number.isNaN(line[i]!) ? Infinity : line[i]!);
  const nan = (i: number): number => (Number.isNaN(line[i]!) ? 1 : 0);
  // a comes strictly before b?
  const before = (a: number, b: number): boolean => {
    const [ka, kb] = descending ? [key(b), key(a)] : [key(a), key(b)];
    if (ka !== kb) return ka < kb;
    const [na, nb] = descending ? [nan(b), nan(a)] : [nan(a), nan(b)];
    return na < nb;
  };
  const order: number[] = [];
  for (let i = 0; i < line.length; i++) {
    let at = order.length;
    while (at > 0 && before(i, order[at - 1]!)) at--;
    order.splice(at, 0, i);
  }
  return order;
}

/** C(out) = Σ over `contracted` of the product of every operand, each read by name (n-operand einsum). */
export function naiveContract(operands: readonly { data: ArrayLike<number>; layout: Layout }[], contracted: readonly string[], out: Layout): Float64Array {
  const all: [string, number][] = out.map(([n, z]) => [n, z]);
  for (const { layout } of operands) for (const [n, z] of layout) if (contracted.includes(n) && !all.some(([m]) => m === n)) all.push([n, z]);
  const r = new Float64Array(sizeOf(out));
  forEachPosition(all, (at) => {
    let p = 1;
    for (const { data, layout } of operands) p *= data[offsetOf(layout, at)]!;
    r[offsetOf(out, at)]! += p;
  });
  return r;
}

/** erf by composite Simpson integration of 2/√π·e^(-t²) (independent of the library's series). */
export function naiveErf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  // erfc(6) ≈ 2e-17 is below half an ulp of 1: erf is ±1 to double precision there.
  if (Math.abs(x) >= 6) return Math.sign(x);
  const a = Math.abs(x);
  const n = 2000;
  const h = a / n;
  let s = 1 + Math.exp(-a * a);
  for (let i = 1; i < n; i++) s += (i % 2 ? 4 : 2) * Math.exp(-((i * h) ** 2));
  return Math.sign(x) * ((s * h) / 3) * (2 / Math.sqrt(Math.PI));
}

/** Rounds half to even (banker's rounding), written out. */
export function naiveRoundHalfEven(x: number): number {
  if (!Number.isFinite(x)) return x;
  const f = Math.floor(x);
  const d = x - f;
  if (d < 0.5) return f;
  if (d > 0.5) return f + 1;
  return f % 2 === 0 ? f : f + 1;
}

/**
 * Asserts that `actual` equals `expected` element for element, for ops that must be exact (comparisons, casts,
 * rounding, IEEE-rounded +, -, ×): NaN matches NaN, and 0 matches -0.
 */
export function expectSame(actual: ArrayLike<number>, expected: ArrayLike<number>): void {
  if (actual.length !== expected.length) throw new Error(`length ${actual.length} differs from the expected ${expected.length}`);
  for (let i = 0; i < actual.length; i++) {
    const [x, y] = [actual[i]!, expected[i]!];
    if (Number.isNaN(y) ? Number.isNaN(x) : x === y) continue;
    throw new Error(`element ${i} is ${x} but the reference is ${y}`);
  }
}

/** float64 values rounded to float32, as a device stores them. */
export const f32 = (values: ArrayLike<number>): Float32Array => Float32Array.from(values as ArrayLike<number>, Math.fround);
