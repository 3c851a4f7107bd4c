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

/** A graph read in canonical order: its nodes, and a key that is equal exactly for equal structures. */
export interface CanonicalGraph {
  readonly nodes: readonly Node[];
  readonly key: string;
}

/** One recorded step: positions in the canonical order instead of nodes. */
export type RecordedStep =
  | { readonly kind: "kernel"; readonly kernel: PreparedKernel; readonly out: number; readonly inputs: readonly number[]; readonly params: readonly number[] }
  | { readonly kind: "routine"; readonly routine: Routine; readonly out: number; readonly inputs: readonly number[] };

/** A program as recorded for one structure. */
export interface RecordedProgram {
  readonly steps: readonly RecordedStep[];
}

/** The part of a node's primitive that is structure (param values left out, see the header). */
function opText(n: Node): string {
  const op = n.op;
  switch (op.kind) {
    case "binary": {
      // a constant exponent the lowering specialises (x ** 2 as x·x) is structure; other fills are params
      const c = n.inputs[1]!;
      const special = op.fn === "pow" && c.op.kind === "fill" && !c.storage && STRUCTURAL_POWERS.has(c.op.value);
      return special ? `pow^${(c.op as { value: number }).value}` : op.fn;
    }
    case "fill":
      return "fill";
    case "random":
      return `random/${op.stream}`;
    case "view":
      return `view${JSON.stringify(op.map.index)}${JSON.stringify(op.map.bounds)}${op.map.fill === 0 ? "" : "/pad"}`;
    default:
      return JSON.stringify(op);
  }
}

/**
 * The canonical reading of the graph under `roots` (the requested nodes, in order).
 * @example canonicalGraph([y.node]).key === canonicalGraph([y2.node]).key // true when y2 is built the same way
 */
export function canonicalGraph(roots: readonly Node[]): CanonicalGraph {
  const index = new Map<Node, number>();
  const nodes: Node[] = [];
  const parts: string[] = [];
  const visit = (n: Node): number => {
    const known = index.get(n);
    if (known !== undefined) return known;
    let text: string;
    const dims = n.dims.map((d) => `${d.name}:${d.size}`).join(",");
    if (n.storage) {
      const s = n.storage;
      text = `=${n.dtype}[${dims}]@${s.strides.join(",")}+${s.offset}/${s.buffer.length}`;
    } else {
      const inputs = n.inputs.map(visit);
      text = `${opText(n)}:${n.dtype}[${dims}](${inputs.join(",")})`;
    }
    const i = nodes.push(n) - 1;
    index.set(n, i);
    parts.push(text);
    return i;
  };
  const rootIds = roots.map(visit);
  return { nodes, key: `${parts.join(";")}->${rootIds.join(",")}` };
}

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
      if (params.includes(-1)) return undefined;
      recorded.push({ kind: "kernel", kernel: prepared[i]!, out, inputs, params });
    }
  }
  return { steps: recorded };
}

/** The param values of a recorded kernel step, read from the current graph. */
export const paramsOf = (graph: CanonicalGraph, params: readonly number[]): number[] => params.map((i) => paramValue(graph.nodes[i]!));

/** A bounded map from structure keys to programs, least recently used evicted first. */
export class ProgramCache {
  readonly #programs = new Map<string, RecordedProgram>();
  constructor(readonly capacity = 256) {}

  get(key: string): RecordedProgram | undefined {
    const p = this.#programs.get(key);
    if (p) {
      this.#programs.delete(key);
      this.#programs.set(key, p);
    }
    return p;
  }

  set(key: string, program: RecordedProgram): void {
    this.#programs.set(key, program);
    if (this.#programs.size > this.capacity) this.#programs.delete(this.#programs.keys().next().value!);
  }
}
