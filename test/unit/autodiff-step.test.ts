// A training step (forward + backward + Adam update of the names transformer) builds the same graph every
// step, so the kernel cache compiles nothing after the first step: checked on the graph itself (a structural
// signature of what each step computes) and on the CPU device's kernel counter.
import { describe, expect, it } from "vitest";
import * as engine from "../../src/backend/engine.js";
import { realizeHooks } from "../../src/backend/realize.js";
import type { Node } from "../../src/graph/node.js";
import { adam, crossEntropy, getDefaultDevice, placeholder, tensor } from "../../src/index.js";
import { config, createModel, logits, nameStream, random } from "../../examples/names-transformer.js";

interface Counts {
  compiled: number;
  cacheHits: number;
  replays: number;
  lowerings: number;
}
/** The backend's kernel and program counters (none under the reference interpreter, which compiles nothing). */
function kernelStats(): Counts | undefined {
  return (getDefaultDevice() as { engine?: string }).engine === "reference" ? undefined : engine.kernelStats();
}

/** The structure of what a realize computes: ops, dtypes, dims and how inputs connect; values left out. */
function signature(roots: readonly Node[]): string {
  const ids = new Map<Node, number>();
  const lines: string[] = [];
  const visit = (n: Node): number => {
    const known = ids.get(n);
    if (known !== undefined) return known;
    const text = n.storage
      ? `input ${n.dtype} ${n.dims.map((d) => `${d.name}:${d.size}`).join(",")} strides ${n.storage.strides.join(",")}`
      : `${JSON.stringify(n.op)} ${n.dtype} ${n.dims.map((d) => `${d.name}:${d.size}`).join(",")} <- ${n.inputs.map(visit).join(",")}`;
    ids.set(n, lines.length);
    lines.push(text);
    return lines.length - 1;
  };
  roots.forEach(visit);
  return lines.join("\n");
}

describe("a compiled training step", () => {
  it("has the same graph every step and compiles no new kernel after the first", async () => {
    const device = getDefaultDevice();
    const stream = nameStream();
    const model = createModel(3);
    const opt = adam({ lr: 3e-3 });
    const shape = [["batch", config.batch], ["seq", config.context]] as const;
    const ids = placeholder(shape, "int32");
    const targets = placeholder(shape, "int32");
    const next = random(5);
    const signatures: string[] = [];
    const counts: (Counts | undefined)[] = [];
    realizeHooks.observe = (nodes) => {
      if (nodes.length > 1) signatures.push(signature(nodes));
    };
    try {
      for (let step = 0; step < 4; step++) {
        const [a, b] = [new Int32Array(config.batch * config.context), new Int32Array(config.batch * config.context)];
        for (let r = 0; r < config.batch; r++) {
          const at = Math.floor(next() * (stream.length - config.context - 1));
          a.set(stream.subarray(at, at + config.context), r * config.context);
          b.set(stream.subarray(at + 1, at + 1 + config.context), r * config.context);
        }
        ids.feed(tensor(a, shape, { dtype: "int32" }));
        targets.feed(tensor(b, shape, { dtype: "int32" }));
        const loss = await opt.step(() => crossEntropy(logits(model, ids), targets, "vocab"));
        expect(Number.isFinite(loss)).toBe(true);
        const stats = kernelStats();
        counts.push(stats && { ...stats });
      }
    } finally {
      realizeHooks.observe = undefined;
    }
    expect(signatures.length).toBe(4);
    expect(signatures[1]).toBe(signatures[0]);
    expect(signatures[3]).toBe(signatures[2]);
    expect(signatures[2]).toBe(signatures[1]);
    // The kernel counter (absent only under the reference interpreter, which compiles nothing).
    if ((device as { engine?: string }).engine !== "reference") {
      expect(counts[0], "the CPU backend should export kernelStats() (or device.stats)").toBeDefined();
      expect(counts[0]!.compiled).toBeGreaterThan(0);
      for (const c of counts.slice(1)) expect(c!.compiled).toBe(counts[0]!.compiled);
      // later steps replay the recorded program: no lowering, no kernel lookup
      expect(counts[3]!.replays).toBeGreaterThan(counts[0]!.replays);
      expect(counts[3]!.lowerings).toBe(counts[0]!.lowerings);
    }
  });
});
