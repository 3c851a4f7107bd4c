// Layer: src/backend/cpu. The reference interpreter: evaluates the lazy graph node by node in float64,
// with plain loops. It is the executable spec every generated kernel (JS/Wasm/WGSL) is tested against, and
// the fallback where code generation is not allowed. Clarity over speed. Imports src/graph and src/types.
import { evalIndex } from "../../graph/index-expr.js";
import { binaryMeaning, erf, reduceAlu, roundHalfEven, unaryMeaning } from "../../graph/alu.js";
import { type DType, type NodeDim, type Node, type ReduceFn, contiguousStrides } from "../../graph/node.js";
import { InternalError, indexRange, indexRangeAt, referenceTooLarge, ShapeError, StateError } from "../../types/errors.js";
import { type CpuBuffer, typedArrayFor } from "./buffer.js";
import { mix32, uniform } from "./random.js";

const disposedMessage = "this tensor, or one it is computed from, was disposed: its values are gone (dispose only tensors that are no longer used)";

/** How `evaluate` computes. */
export interface EvaluateOptions {
  /**
   * Round the values of every float32 node to float32, as a float32 implementation does (up to the order of its
   * sums). The gap between these values and the float64 ones measures how sensitive an expression is to
   * rounding: tests widen their tolerance by it where an expression is ill-conditioned (`sin` of a large `exp`).
   */
  readonly float32?: boolean;
}

/**
 * Evaluates `node` to dense row-major float64 values over its logical dims.
 * @example
 *   evaluate(x.add(1).node) // Float64Array of x + 1, computed in float64
 */
export function evaluate(node: Node, memo: Map<Node, Float64Array> = new Map(), options: EvaluateOptions = {}): Float64Array {
  const known = memo.get(node);
  if (known) return known;
  let value = node.storage ? readStorage(node) : compute(node, memo, options);
  if (options.float32 && node.dtype === "float32" && !node.storage) value = value.map(Math.fround);
  memo.set(node, value);
  return value;
}

/** Row-major strides of a dense array over `dims`. */
const denseStrides = contiguousStrides;

/** For each output dim, the stride of the same-named dim in `input`'s dense layout (0 when it has none). */
function stridesByName(input: readonly NodeDim[], out: readonly NodeDim[]): number[] {
  const s = denseStrides(input);
  return out.map((d) => {
    const i = input.findIndex((x) => x.name === d.name);
    return i < 0 ? 0 : s[i]!;
  });
}

/** Calls fn(flatOut, offsets) for every position of `dims`, where offsets[k] = Σ index·strides[k]. */
function forEach(dims: readonly NodeDim[], strides: readonly number[][], fn: (flat: number, offsets: number[]) => void): void {
  const n = dims.reduce((a, d) => a * d.size, 1);
  if (n === 0) return;
  const idx = dims.map(() => 0);
  const offsets = strides.map(() => 0);
  for (let flat = 0; flat < n; flat++) {
    fn(flat, offsets);
    for (let d = dims.length - 1; d >= 0; d--) {
      idx[d]!++;
      for (let k = 0; k < strides.length; k++) offsets[k]! += strides[k]![d]!;
      if (idx[d]! < dims[d]!.size) break;
      for (let k = 0; k < strides.length; k++) offsets[k]! -= strides[k]![d]! * dims[d]!.size;
      idx[d] = 0;
    }
  }
}

function readStorage(node: Node): Float64Array {
  const { buffer, strides, offset } = node.storage!;
  const src = (buffer as CpuBuffer).array;
  const out = new Float64Array(node.numel);
  forEach(node.dims, [strides as number[]], (flat, [o]) => {
    out[flat] = src[offset + o!]!;
  });
  return out;
}

/**
 * The most elements one node may have here: every node's values are a Float64Array (its flat counters and index
 * arithmetic are float64, exact to 2^53; its memory is what runs out), so a node of 2^32 copies of a value — which
 * the code generators fold or loop over — is refused with its dims instead of ending in a RangeError or an abort.
 */
const MAX_ELEMENTS = 2 ** 28;

function compute(node: Node, memo: Map<Node, Float64Array>, options: EvaluateOptions): Float64Array {
  const op = node.op;
  if (node.numel > MAX_ELEMENTS) throw new ShapeError(referenceTooLarge(node.dims.map((d) => `${d.name}: ${d.size}`).join(", "), node.numel));
  const out = new Float64Array(node.numel);
  const input = (i: number): Float64Array => {
    // A materialised node drops its inputs; once disposed it has neither values nor a way to recompute them.
    const x = node.inputs[i];
    if (!x) throw new StateError(disposedMessage);
    return evaluate(x, memo, options);
  };
  switch (op.kind) {
    case "source":
      throw new StateError(disposedMessage);
    case "fill":
      return out.fill(op.value);
    case "iota": {
      const s = denseStrides(node.dims);
      const at = node.dims.findIndex((d) => d.name === op.dim);
      for (let i = 0; i < out.length; i++) out[i] = Math.floor(i / s[at]!) % node.dims[at]!.size;
      return out;
    }
    case "random":
      // a 64-bit counter: past 2^32 its high word is mixed into the seed (kernel/passes/long-loops.ts)
      for (let i = 0; i < out.length; i++) out[i] = uniform(i < 2 ** 32 ? op.seed : (op.seed ^ mix32(Math.floor(i / 2 ** 32))) >>> 0, op.stream, i);
      return out;
    case "unary": {
      const x = input(0);
      const f = unaryFn(op.fn, node.dtype);
      for (let i = 0; i < out.length; i++) out[i] = f(x[i]!);
      return out;
    }
    case "binary": {
      const [a, b] = [input(0), input(1)];
      const f = binaryFn(op.fn, node.dtype);
      const strides = node.inputs.map((x) => stridesByName(x.dims, node.dims));
      forEach(node.dims, strides, (flat, [i, j]) => {
        out[flat] = f(a[i!]!, b[j!]!);
      });
      return out;
    }
    case "where": {
      const [c, a, b] = [input(0), input(1), input(2)];
      const strides = node.inputs.map((x) => stridesByName(x.dims, node.dims));
      forEach(node.dims, strides, (flat, [i, j, k]) => {
        out[flat] = c[i!] ? a[j!]! : b[k!]!;
      });
      return out;
    }
    case "cast": {
      const x = input(0);
      for (let i = 0; i < out.length; i++) out[i] = castValue(x[i]!, node.dtype);
      return out;
    }
    case "reduce": {
      const x = input(0);
      const src = node.inputs[0]!;
      const [init, step] = reducer(op.fn);
      // An empty reduction gives the identity of its dtype (for bool, any of nothing is false, all is true).
      out.fill(node.dtype === "bool" ? reduceAlu[op.fn].identity.bool : init);
      forEach(src.dims, [stridesByName(node.dims, src.dims)], (flat, [o]) => {
        out[o!] = step(out[o!]!, x[flat]!);
      });
      if (node.dtype === "int32") for (let i = 0; i < out.length; i++) out[i] = out[i]! | 0;
      return out;
    }
    case "view": {
      const x = input(0);
      const src = node.inputs[0]!;
      const s = denseStrides(src.dims);
      const names = node.dims.map((d) => d.name);
      const idx = new Map<string, number>();
      const env = (n: string): number => idx.get(n)!;
      forEach(node.dims, [], (flat) => {
        let rest = flat;
        for (let d = node.dims.length - 1; d >= 0; d--) {
          idx.set(names[d]!, rest % node.dims[d]!.size);
          rest = Math.floor(rest / node.dims[d]!.size);
        }
        for (const b of op.map.bounds) {
          const v = evalIndex(b.expr, env);
          if (v < b.lo || v >= b.hi) {
            out[flat] = op.map.fill;
            return;
          }
        }
        let o = 0;
        src.dims.forEach((d, k) => (o += evalIndex(op.map.index[d.name]!, env) * s[k]!));
        out[flat] = x[o]!;
      });
      return out;
    }
    case "gather": {
      const [x, index] = [input(0), input(1)];
      const [src, idx] = [node.inputs[0]!, node.inputs[1]!];
      const along = src.dims.findIndex((d) => d.name === op.dim);
      const size = src.dims[along]!.size;
      // x is read at its own dense strides for every dim but the gathered one, whose position comes from the index.
      const dense = denseStrides(src.dims);
      const xStrides = node.dims.map((d) => {
        const i = src.dims.findIndex((x) => x.name === d.name);
        return i < 0 || i === along ? 0 : dense[i]!;
      });
      const step = dense[along]!;
      forEach(node.dims, [xStrides, stridesByName(idx.dims, node.dims)], (flat, [o, k]) => {
        const i = index[k!]!;
        if (!(i >= 0 && i < size)) throw new ShapeError(indexRange(i, op.dim, size));
        out[flat] = x[o! + i * step]!;
      });
      return out;
    }
    case "sparse":
      // (sparse ops build this node only on a device with sparse kernels; the reference builds their graph form)
      throw new InternalError("internal: the reference interpreter does not run generated sparse kernels");
    case "scatterAdd": {
      const [values, index] = [input(0), input(1)];
      const [src, idx] = [node.inputs[0]!, node.inputs[1]!];
      const size = node.dims.find((d) => d.name === op.dim)!.size;
      const step = denseStrides(node.dims)[node.dims.findIndex((d) => d.name === op.dim)]!;
      // Summed in float64 in the values' row-major order; each position names where its index was read.
      const outStrides = stridesByName(node.dims, src.dims).map((v, d) => (src.dims[d]!.name === op.dim ? 0 : v));
      forEach(src.dims, [outStrides, stridesByName(idx.dims, src.dims)], (flat, [o, k]) => {
        const i = index[k!]!;
        if (!(i >= 0 && i < size)) throw new ShapeError(indexRangeAt(i, op.dim, size, k!));
        out[o! + i * step] = out[o! + i * step]! + values[flat]!;
      });
      return out;
    }
    case "scan": {
      const x = input(0);
      const along = node.dims.findIndex((d) => d.name === op.dim);
      const step = denseStrides(node.dims)[along]!;
      const n = node.dims[along]!.size;
      const [, f] = reducer(op.fn);
      for (let start = 0; start < out.length; start++) {
        if (Math.floor(start / step) % n !== 0) continue;
        let acc = x[start]!;
        out[start] = acc;
        for (let i = 1; i < n; i++) out[start + i * step] = acc = f(acc, x[start + i * step]!);
      }
      if (node.dtype === "int32") for (let i = 0; i < out.length; i++) out[i] = out[i]! | 0;
      return out;
    }
    case "argsort": {
      const x = input(0);
      const along = node.dims.findIndex((d) => d.name === op.dim);
      const step = denseStrides(node.dims)[along]!;
      const n = node.dims[along]!.size;
      const order = new Array<number>(n);
      for (let start = 0; start < out.length; start++) {
        if (Math.floor(start / step) % n !== 0) continue;
        for (let i = 0; i < n; i++) order[i] = i;
        // NaN counts as the largest value; ties keep their order (stable).
        const key = (i: number): number => {
          const v = x[start + i * step]!;
          return Number.isNaN(v) ? Infinity : v;
        };
        const nan = (i: number): number => (Number.isNaN(x[start + i * step]!) ? 1 : 0);
        order.sort((i, j) => {
          const c = op.descending ? key(j) - key(i) || nan(j) - nan(i) : key(i) - key(j) || nan(i) - nan(j);
          return c || i - j;
        });
        for (let i = 0; i < n; i++) out[start + i * step] = order[i]!;
      }
      return out;
    }
  }
}

/** The identity and step of a reduction (from the ALU table; NaN propagates through max and min). */
export function reducer(fn: ReduceFn): [number, (acc: number, v: number) => number] {
  return [reduceAlu[fn].identity.float32, reduceAlu[fn].step];
}

/** A unary scalar function with its dtype's semantics (int32 wraps): the ALU table's float64 meaning. */
export const unaryFn = unaryMeaning;
/** A binary scalar function with its dtype's semantics (int32 wraps): the ALU table's float64 meaning. */
export const binaryFn = binaryMeaning;
export { erf, roundHalfEven };

/** A value converted to a dtype: int32 truncates toward zero and saturates (NaN gives 0); bool is `x != 0`. */
export function castValue(x: number, dtype: DType): number {
  if (dtype === "bool") return x !== 0 ? 1 : 0;
  if (dtype === "int32") return Number.isNaN(x) ? 0 : Math.max(-2147483648, Math.min(2147483647, Math.trunc(x)));
  return x;
}

/** Materialises `node` from its float64 values into a new buffer of its dtype. */
export function storeValues(values: Float64Array, dtype: DType, buffer: CpuBuffer): void {
  const target = buffer.array;
  if (dtype === "bool") for (let i = 0; i < values.length; i++) target[i] = values[i] ? 1 : 0;
  else target.set(values);
}

export { typedArrayFor };
