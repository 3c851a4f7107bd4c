// Deno's Jupyter display hook (Symbol.for("Jupyter.display")): a tensor renders as a table labelled by its dim
// names, with the print as text/plain; past 2 dims, on a device without synchronous reads or once disposed, the
// print in a <pre>.
import { describe, expect, it } from "vitest";
import { randn, tensor } from "../../src/index.js";

type Displayable = { [k: symbol]: () => { "text/plain": string; "text/html": string } };
const display = (t: unknown) => (t as Displayable)[Symbol.for("Jupyter.display")]!();

describe("Jupyter display", () => {
  it("shows a 2-d tensor as a table with the dim names, indices and values", () => {
    const x = tensor([[1, 2.5, 3], [4, 5, 6]], ["batch", "feat"]);
    const out = display(x);
    expect(out["text/plain"]).toBe(x.toString());
    const html = out["text/html"];
    expect(html).toContain("<caption");
    expect(html).toContain("Tensor { batch: 2, feat: 3 } float32");
    expect(html).toContain("<th>batch \\ feat</th><th>0</th><th>1</th><th>2</th>");
    const cells = [...html.matchAll(/<td>([^<]*)<\/td>/g)].map((m) => Number(m[1]));
    expect(cells).toEqual([1, 2.5, 3, 4, 5, 6]);
  });

  it("abbreviates a long dim with … and keeps both ends", () => {
    const v = randn([["i", 50]], { seed: 3 });
    const values = v.dataSync();
    const html = display(v)["text/html"];
    const rows = [...html.matchAll(/<tr><th>([^<]*)<\/th><td>([^<]*)<\/td><\/tr>/g)];
    expect(rows.length).toBe(21);
    expect(rows[10]![1]).toBe("…");
    expect(Number(rows[0]![2])).toBeCloseTo(values[0]!, 3);
    expect(rows[20]![1]).toBe("49");
    expect(Number(rows[20]![2])).toBeCloseTo(values[49]!, 3);
  });

  it("falls back to the escaped print past 2 dims and after dispose", () => {
    const t = tensor([[[1]], [[2]]], ["a", "b", "c"]);
    expect(display(t)["text/html"]).toBe(`<pre>${t.toString()}</pre>`);
    const m = tensor([true, false], ["i"]).mask("i");
    expect(display(m)["text/html"]).toContain("i (private)");
    t.dispose();
    expect(display(t)["text/html"]).toContain("(disposed)");
    expect(display(t)["text/html"]).toMatch(/^<pre>/);
  });
});
