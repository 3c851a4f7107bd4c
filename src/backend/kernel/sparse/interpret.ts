// Layer: src/backend/kernel/sparse. Runs a sparse kernel on typed arrays in float64 (the values' ALU meanings,
// src/graph/alu.ts): the executable meaning of the sparse IR, beside which the Wasm and WGSL generators are
// tested, and what a device without a generator for a form could fall back to. Imports the IR and the ALU.
import { binaryAlu, unaryAlu } from "../../../graph/alu.js";
import type { SparseKernel, SparseStmt, SparseValue } from "./ir.js";
import { InternalError } from "../../../types/errors.js";

/** Buffers as the interpreter reads and writes them (an output may be a Float64Array to keep float64). */
export type SparseArrays = readonly (Int32Array | Float32Array | Float64Array)[];

/**
 * Runs `k` over `arrays` (in the kernel's buffer order), the parallel loop over [start, end).
 * @example interpretSparse(kernel, [A2_pos, A2_idx, A_vals, x_vals, y_vals])
 */
export function interpretSparse(k: SparseKernel, arrays: SparseArrays, start = 0, end = k.parallelExtent || 1): void {
  const env = new Map<string, number>([["start", start], ["end", end]]);
  const value = (v: SparseValue): number => {
    switch (v.op) {
      case "const":
        return v.value;
      case "local":
        return env.get(v.name) ?? 0;
      case "load": {
        const i = value(v.index);
        const arr = arrays[v.buffer]!;
        if (!(i >= 0 && i < arr.length)) throw new InternalError(`internal: ${k.buffers[v.buffer]!.name}[${i}] is outside 0..${arr.length - 1}`);
        return arr[i]!;
      }
      case "unary":
        return unaryAlu[v.fn].float64(value(v.x));
      case "binary":
        return binaryAlu[v.fn].float64(value(v.a), value(v.b));
      case "int": {
        const [a, b] = [value(v.a), value(v.b)];
        return v.fn === "add" ? a + b : v.fn === "mul" ? a * b : v.fn === "min" ? Math.min(a, b) : v.fn === "lt" ? +(a < b) : v.fn === "eq" ? +(a === b) : +(a !== 0 && b !== 0);
      }
    }
  };
  const run = (stmts: readonly SparseStmt[]): void => {
    for (const s of stmts) {
      switch (s.kind) {
        case "set":
          env.set(s.name, value(s.value));
          break;
        case "loop":
          while (env.get(s.counter)! < value(s.to)) {
            run(s.body);
            env.set(s.counter, env.get(s.counter)! + 1);
          }
          break;
        case "merge":
          while (s.iterators.every((i) => env.get(i.pos)! < value(i.end))) {
            const coords = s.iterators.map((i) => value(i.coord));
            const at = Math.min(...coords);
            env.set(s.coord, at);
            const chosen = s.cases.find((c) => c.requires.every((r) => coords[r] === at));
            if (chosen) run(chosen.body);
            s.iterators.forEach((i, n) => env.set(i.pos, env.get(i.pos)! + (coords[n] === at ? 1 : 0)));
          }
          break;
        case "if":
          if (value(s.cond)) run(s.then);
          break;
        case "store": {
          const arr = arrays[s.buffer]!;
          const i = value(s.index);
          if (!(i >= 0 && i < arr.length)) throw new InternalError(`internal: ${k.buffers[s.buffer]!.name}[${i}] is outside 0..${arr.length - 1}`);
          arr[i] = s.accumulate ? arr[i]! + value(s.value) : value(s.value);
          break;
        }
        case "sort":
          arrays[s.buffer]!.subarray(value(s.from), value(s.to)).sort();
          break;
      }
    }
  };
  run(k.body);
}
