// Layer: src/backend. Programs by graph structure: a realize whose graph has the same structure as one already
// run (a training or inference step) replays the recorded program — the plan, the scheduled and compiled
// kernels, which node each kernel stores and reads, where each param comes from — with no lowering, planning
// or kernel hashing. Structure is the graph read in a canonical order (depth first from the requested nodes,
// inputs in order): each node's primitive and its attributes, dtype, dims and input positions, and for a
// materialised node its layout; never the values that reach kernels as params (fills, seeds), which are read
// afresh from the current graph. Imports src/graph and the kernel pipeline's types; no device.
import type { Node } from "../graph/node.js";
import type { Routine } from "./kernel/routine.js";
import type { Step } from "./kernel/lower.js";
import { STRUCTURAL_POWERS, paramValue } from "./kernel/passes/to-index-notation.js";
import type { PreparedKernel } from "./device-contract.js";

/**
 * A graph read in canonical order: its nodes, and its structure as a list of integer tokens (equal exactly for
 * equal structures) with a hash of them; `key` spells the tokens out (tests compare structures with it).
 */
export interface CanonicalGraph {
  readonly nodes: readonly Node[];
  readonly tokens: readonly number[];
  readonly hash: number;
  readonly key: string;
}

/** One recorded step: positions in the canonical order instead of nodes. */
export type RecordedStep =
  | { readonly kind: "kernel"; readonly kernel: PreparedKernel; readonly out: number; readonly inputs: readonly number[]; readonly params: readonly number[]; readonly more: readonly number[] }
  | { readonly kind: "routine"; readonly routine: Routine; readonly out: number; readonly inputs: readonly number[] };

/** A program as recorded for one structure. */
export interface RecordedProgram {
  readonly steps: readonly RecordedStep[];
}

/**
 * Strings of the structure (dim names, op names, the text of a view's index map) as small integers, so a
 * graph's reading is a list of numbers: building and comparing it makes no strings (each realize of a step
 * reads its whole graph; the strings met are the program's few names, hashed once by the engine). The table
 * and every cache keyed by its numbers are cleared together (`ProgramCache.set`) should it ever grow large.
 */
const interned = new Map<string, number>();
let internEpoch = 0;
const INTERN_LIMIT = 1 << 16;
function intern(s: string): number {
  let id = interned.get(s);
  if (id === undefined) interned.set(s, (id = interned.size));
  return id;
}

/** Token kinds (the first token of a node's reading). */
const LEAF = -1, FILL = -2, RANDOM = -3, UNARY = -4, BINARY = -5, POW = -6, CAST = -7, WHERE = -8, REDUCE = -9, OTHER = -10;

/** Appends the part of a lazy node's primitive that is structure (param values left out, see the header). */
function opTokens(n: Node, out: number[]): void {
  const op = n.op;
  switch (op.kind) {
    case "binary": {
      // a constant exponent the lowering specialises (x ** 2 as x·x) is structure; other fills are params
      const c = n.inputs[1]!;
      if (op.fn === "pow" && c.op.kind === "fill" && !c.storage && STRUCTURAL_POWERS.has(c.op.value)) out.push(POW, c.op.value);
      else out.push(BINARY, intern(op.fn));
      return;
    }
    case "fill":
      out.push(FILL);
      return;
    case "random":
      out.push(RANDOM, op.stream);
      return;
    case "unary":
      out.push(UNARY, intern(op.fn));
      return;
    case "cast":
      out.push(CAST);
      return;
    case "where":
      out.push(WHERE);
      return;
    case "reduce":
      out.push(REDUCE, intern(op.fn), op.dims.length);
      for (const d of op.dims) out.push(intern(d));
      return;
    case "sparse":
      out.push(OTHER, intern(op.kernels.key));
      return;
    case "view":
      out.push(OTHER, intern(`view${JSON.stringify(op.map.index)}${JSON.stringify(op.map.bounds)}${op.map.fill === 0 ? "" : "/pad"}`));
      return;
    default:
      out.push(OTHER, intern(JSON.stringify(op)));
  }
}

const DTYPE: Readonly<Record<string, number>> = { float32: 0, int32: 1, bool: 2 };

/** Appends dtype, rank and each dim's name and size. */
function shapeTokens(n: Node, out: number[]): void {
  const dims = n.dims;
  out.push(DTYPE[n.dtype] ?? intern(n.dtype), dims.length);
  for (let i = 0; i < dims.length; i++) out.push(intern(dims[i]!.name), dims[i]!.size);
}

/**
 * The canonical reading of the graph under `roots` (the requested nodes, in order): depth first, inputs in
 * order; a node read again is its position. A materialised node reads as its layout (strides, offset, buffer
 * length), a lazy one as its primitive's structure and its inputs' positions.
 * @example canonicalGraph([y.node]).key === canonicalGraph([y2.node]).key // true when y2 is built the same way
 */
export function canonicalGraph(roots: readonly Node[]): CanonicalGraph {
  const index = new Map<Node, number>();
  const nodes: Node[] = [];
  const tokens: number[] = [];
  const visit = (n: Node): number => {
    const known = index.get(n);
    if (known !== undefined) return known;
    const s = n.storage;
    if (s) {
      tokens.push(LEAF);
      shapeTokens(n, tokens);
      for (const st of s.strides) tokens.push(st);
      tokens.push(s.offset, s.buffer.length);
    } else {
      const ins = n.inputs;
      const at: number[] = [];
      for (let j = 0; j < ins.length; j++) at.push(visit(ins[j]!));
      opTokens(n, tokens);
      shapeTokens(n, tokens);
      tokens.push(at.length);
      for (const a of at) tokens.push(a);
    }
    const i = nodes.push(n) - 1;
    index.set(n, i);
    return i;
  };
  const rootIds = roots.map(visit);
  tokens.push(-11, rootIds.length, ...rootIds);
  return new Reading(nodes, tokens, hashTokens(tokens));
}

/**
 * A canonical reading. (A class, not an object literal with a getter: V8 makes such a literal in dictionary
 * mode on every call, and it made the young-generation collections of an eager loop ten times slower.)
 */
class Reading implements CanonicalGraph {
  constructor(
    readonly nodes: readonly Node[],
    readonly tokens: readonly number[],
    readonly hash: number,
  ) {}
  get key(): string {
    return `${internEpoch}:${this.tokens.join(",")}`;
  }
}

/** FNV-1a over the tokens (32 bits). */
function hashTokens(tokens: readonly number[]): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < tokens.length; i++) h = Math.imul(h ^ (tokens[i]! | 0), 0x01000193);
  return h >>> 0;
}

const sameTokens = (a: readonly number[], b: readonly number[]): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * Records lowered steps against the canonical order; undefined when a step stores or reads a node outside the
 * graph (a copy the plan made for a routine), which cannot be found again in another graph.
 */
export function recordProgram(graph: CanonicalGraph, steps: readonly Step[], prepared: readonly (PreparedKernel | undefined)[]): RecordedProgram | undefined {
  const position = new Map(graph.nodes.map((n, i) => [n, i]));
  const at = (n: Node): number => position.get(n) ?? -1;
  const recorded: RecordedStep[] = [];
  for (const [i, s] of steps.entries()) {
    const out = at(s.node);
    const inputs = s.inputs.map(at);
    if (out < 0 || inputs.includes(-1)) return undefined;
    if (s.kind === "routine") recorded.push({ kind: "routine", routine: s.routine, out, inputs });
    else {
      const params = s.paramNodes.map(at);
      const more = s.more.map(at);
      if (params.includes(-1) || more.includes(-1)) return undefined;
      recorded.push({ kind: "kernel", kernel: prepared[i]!, out, inputs, params, more });
    }
  }
  return { steps: recorded };
}

/** The param values of a recorded kernel step, read from the current graph. */
export const paramsOf = (graph: CanonicalGraph, params: readonly number[]): number[] => params.map((i) => paramValue(graph.nodes[i]!));

/** A bounded map from structures (canonical readings) to programs, least recently used evicted first. */
export class ProgramCache {
  /** By hash: the programs whose structures have that hash, each with its tokens. */
  readonly #programs = new Map<number, { tokens: readonly number[]; program: RecordedProgram }[]>();
  #size = 0;
  #epoch = internEpoch;
  /** The hash last moved to the end of the use order. */
  #latest = -1;
  constructor(readonly capacity = 256) {}

  get(graph: CanonicalGraph): RecordedProgram | undefined {
    if (this.#epoch !== internEpoch) this.#clear();
    const bucket = this.#programs.get(graph.hash);
    if (!bucket) return undefined;
    for (const e of bucket) {
      if (sameTokens(e.tokens, graph.tokens)) {
        // most recently used last (Map order is insertion order); an eager loop hits the same one again
        if (this.#latest !== graph.hash) {
          this.#programs.delete(graph.hash);
          this.#programs.set(graph.hash, bucket);
          this.#latest = graph.hash;
        }
        return e.program;
      }
    }
    return undefined;
  }

  set(graph: CanonicalGraph, program: RecordedProgram): void {
    if (interned.size > INTERN_LIMIT) {
      // the name table only grows (views' index maps differ by constants): start it and every cache afresh
      interned.clear();
      internEpoch++;
      return;
    }
    if (this.#epoch !== internEpoch) this.#clear();
    const bucket = this.#programs.get(graph.hash) ?? [];
    this.#programs.delete(graph.hash);
    this.#programs.set(graph.hash, bucket);
    bucket.push({ tokens: graph.tokens, program });
    this.#latest = graph.hash;
    this.#size++;
    while (this.#size > this.capacity) {
      const [h, oldest] = this.#programs.entries().next().value!;
      this.#programs.delete(h);
      this.#size -= oldest.length;
    }
  }

  #clear(): void {
    this.#programs.clear();
    this.#latest = -1;
    this.#size = 0;
    this.#epoch = internEpoch;
  }
}
