// Iteration graphs and merge lattices (taco §4–5) as plain data: the lattices of the paper's examples (sparse
// vector add, b + c·d, products), the §5.2 dense optimisations (one dense space per point, points that lack the
// top's dense space removed, sparse iterated while dense is located), functions that do not keep zero bringing
// in the universe, the zero structure read from the ALU, and loop orders / cycles of iteration graphs.
import { describe, expect, it } from "vitest";
import { isCycle, iterationGraph, showIterationGraph } from "../../src/backend/kernel/sparse/iteration-graph.js";
import { mergeLattice, scheduleLattice, showLattice } from "../../src/backend/kernel/sparse/lattice.js";
import { type Assignment, type Operand, type SparseExpr, keepsZero, showAssignment, showExpr, zeroStructure } from "../../src/backend/kernel/sparse/notation.js";
import type { LevelKind } from "../../src/types/sparse.js";

const vec = (name: string, kind: LevelKind, v = "i"): Operand => ({ name, levels: [{ var: v, kind, size: 8 }] });
const mat = (name: string, [v1, k1]: [string, LevelKind], [v2, k2]: [string, LevelKind]): Operand => ({
  name,
  levels: [
    { var: v1, kind: k1, size: 8 },
    { var: v2, kind: k2, size: 8 },
  ],
});
const at = (tensor: number): SparseExpr => ({ op: "access", tensor });
const add = (a: SparseExpr, b: SparseExpr): SparseExpr => ({ op: "binary", fn: "add", a, b });
const sub = (a: SparseExpr, b: SparseExpr): SparseExpr => ({ op: "binary", fn: "sub", a, b });
const mul = (a: SparseExpr, b: SparseExpr): SparseExpr => ({ op: "binary", fn: "mul", a, b });

/** The lattice's points as iterator names and expressions, and after §5.2 with loop kinds. */
function lattice(a: Assignment, v: string): { raw: string[][]; exprs: string[]; scheduled: string } {
  const l = mergeLattice(a, v);
  return { raw: l.points.map((p) => p.iterators.map((i) => i.name)), exprs: l.points.map((p) => showExpr(p.expr, a.operands)), scheduled: showLattice(a, scheduleLattice(l)) };
}

describe("merge lattices (taco §5.1)", () => {
  it("a sparse vector sum is the lattice (b ∧ c, b, c), a merge loop then one loop per operand", () => {
    const a: Assignment = { output: vec("a", "compressed"), operands: [vec("b", "compressed"), vec("c", "compressed")], expr: add(at(0), at(1)) };
    const l = lattice(a, "i");
    expect(l.raw).toEqual([["b.i", "c.i"], ["b.i"], ["c.i"]]);
    expect(l.exprs).toEqual(["(b(i) + c(i))", "b(i)", "c(i)"]);
    expect(l.scheduled).toBe("i: [b.i ∧ c.i] merge: (b(i) + c(i)) | [b.i] sparse: b(i) | [c.i] sparse: c(i)");
    const s = scheduleLattice(mergeLattice(a, "i"));
    expect(s.points.map((p) => p.cases)).toEqual([[0, 1, 2], [1], [2]]);
  });

  it("a difference keeps 0 − c where only c has a value", () => {
    const a: Assignment = { output: vec("a", "compressed"), operands: [vec("b", "compressed"), vec("c", "compressed")], expr: sub(at(0), at(1)) };
    expect(lattice(a, "i").exprs).toEqual(["(b(i) - c(i))", "b(i)", "(0 - c(i))"]);
  });

  it("b + c·d is (b ∧ c ∧ d, c ∧ d, b) — the paper's Figure 10b (any order with each point after its ancestors)", () => {
    const a: Assignment = { output: vec("a", "compressed"), operands: [vec("b", "compressed"), vec("c", "compressed"), vec("d", "compressed")], expr: add(at(0), mul(at(1), at(2))) };
    const l = lattice(a, "i");
    expect(l.raw).toEqual([["b.i", "c.i", "d.i"], ["c.i", "d.i"], ["b.i"]]);
    expect(l.exprs).toEqual(["(b(i) + (c(i) * d(i)))", "(c(i) * d(i))", "b(i)"]);
  });

  it("a product of sparse vectors is one merge point (intersection)", () => {
    const a: Assignment = { output: vec("a", "compressed"), operands: [vec("b", "compressed"), vec("c", "compressed")], expr: mul(at(0), at(1)) };
    expect(lattice(a, "i").scheduled).toBe("i: [b.i ∧ c.i] merge: (b(i) * c(i))");
  });

  it("(b + c)·d with three sparse vectors", () => {
    const a: Assignment = { output: vec("a", "compressed"), operands: [vec("b", "compressed"), vec("c", "compressed"), vec("d", "compressed")], expr: mul(add(at(0), at(1)), at(2)) };
    const l = lattice(a, "i");
    expect(l.raw).toEqual([["b.i", "c.i", "d.i"], ["b.i", "d.i"], ["c.i", "d.i"]]);
    expect(l.exprs).toEqual(["((b(i) + c(i)) * d(i))", "(b(i) * d(i))", "(c(i) * d(i))"]);
  });

  it("a function that does not keep zero (exp) is non-zero everywhere: the universe joins the lattice", () => {
    const a: Assignment = { output: vec("a", "dense"), operands: [vec("b", "compressed")], expr: { op: "unary", fn: "exp", x: at(0) } };
    const l = lattice(a, "i");
    expect(l.raw).toEqual([["b.i", "U"], ["b.i"], ["U"]]);
    expect(l.exprs).toEqual(["exp(b(i))", "exp(b(i))", "1"]);
    expect(l.scheduled).toBe("i: [b.i ∧ U] merge: exp(b(i)) | [U] dense: 1");
    // (b + 1)·c is non-zero only where c is: the universe of the sum is cut by the product
    const c: Assignment = { output: vec("a", "dense"), operands: [vec("b", "compressed"), vec("c", "compressed")], expr: mul(add(at(0), { op: "const", value: 1 }), at(1)) };
    expect(lattice(c, "i").raw).toEqual([["b.i", "c.i"], ["c.i"]]);
    expect(lattice(c, "i").exprs).toEqual(["((b(i) + 1) * c(i))", "c(i)"]);
    // neg keeps zero: the pattern is kept
    const n: Assignment = { ...a, expr: { op: "unary", fn: "neg", x: at(0) } };
    expect(lattice(n, "i").raw).toEqual([["b.i"]]);
  });
});

describe("dense optimisations (taco §5.2)", () => {
  it("sparse · dense iterates the sparse operand and locates the dense one (Figure 10e)", () => {
    const a: Assignment = { output: vec("a", "compressed"), operands: [vec("b", "compressed"), vec("c", "dense")], expr: mul(at(0), at(1)) };
    const s = scheduleLattice(mergeLattice(a, "i"));
    expect(s.points).toHaveLength(1);
    expect(s.points[0]!.loop).toBe("sparse");
    expect(s.points[0]!.rangers.map((i) => i.name)).toEqual(["b.i"]);
    expect(s.points[0]!.locators.map((i) => i.name)).toEqual(["c.i"]);
  });

  it("dense + dense keeps only the top point, iterating one dense space (Figure 10d)", () => {
    const a: Assignment = { output: vec("a", "dense"), operands: [vec("b", "dense"), vec("c", "dense")], expr: add(at(0), at(1)) };
    expect(lattice(a, "i").raw).toEqual([["b.i", "c.i"], ["b.i"], ["c.i"]]);
    const s = scheduleLattice(mergeLattice(a, "i"));
    expect(s.points.map((p) => [p.loop, p.rangers.map((i) => i.name), p.locators.map((i) => i.name)])).toEqual([["dense", ["b.i"], ["c.i"]]]);
  });

  it("dense · dense iterates one of them (Figure 10c)", () => {
    const a: Assignment = { output: vec("a", "dense"), operands: [vec("b", "dense"), vec("c", "dense")], expr: mul(at(0), at(1)) };
    const s = scheduleLattice(mergeLattice(a, "i"));
    expect(s.points.map((p) => [p.loop, p.rangers.map((i) => i.name), p.locators.map((i) => i.name)])).toEqual([["dense", ["b.i"], ["c.i"]]]);
  });

  it("sparse + dense: the dense space drives the loop, the sparse operand follows; the sparse-only point is removed", () => {
    const a: Assignment = { output: vec("a", "dense"), operands: [vec("b", "compressed"), vec("c", "dense")], expr: add(at(0), at(1)) };
    const s = scheduleLattice(mergeLattice(a, "i"));
    expect(s.points.map((p) => p.iterators.map((i) => i.name))).toEqual([["b.i", "c.i"], ["c.i"]]);
    expect(s.points[0]!.loop).toBe("merge");
    expect(s.points[0]!.rangers.map((i) => i.name)).toEqual(["c.i", "b.i"]);
    expect(s.points[0]!.cases).toEqual([0, 1]);
  });

  it("SpMV: the row loop is A's dense level, the column loop iterates A's row and locates x", () => {
    const a: Assignment = { output: vec("y", "dense"), operands: [mat("A", ["i", "dense"], ["j", "compressed"]), vec("x", "dense", "j")], expr: mul(at(0), at(1)) };
    expect(showAssignment(a)).toBe("y(i) = Σ_j (A(i,j) * x(j))");
    expect(lattice(a, "i").scheduled).toBe("i: [A.i] dense: (A(i,j) * x(j))");
    expect(lattice(a, "j").scheduled).toBe("j: [A.j ∧ x.j] sparse: (A(i,j) * x(j))");
  });
});

describe("zero structure from the ALU", () => {
  it("classifies functions by their float64 meaning", () => {
    expect(zeroStructure("mul")).toBe("intersection");
    expect(zeroStructure("add")).toBe("union");
    expect(zeroStructure("sub")).toBe("union");
    expect(zeroStructure("max")).toBe("union");
    expect(zeroStructure("div")).toBe("dense");
    expect(keepsZero("neg")).toBe(true);
    expect(keepsZero("abs")).toBe(true);
    expect(keepsZero("exp")).toBe(false);
    expect(keepsZero("cos")).toBe(false);
  });
});

describe("iteration graphs (taco §4)", () => {
  it("SpMV over CSR walks rows then columns; over CSC columns then rows", () => {
    const csrA: Assignment = { output: vec("y", "dense"), operands: [mat("A", ["i", "dense"], ["j", "compressed"]), vec("x", "dense", "j")], expr: mul(at(0), at(1)) };
    const g = iterationGraph(csrA);
    if (isCycle(g)) throw new Error("unexpected cycle");
    expect(g.order).toEqual(["i", "j"]);
    expect(g.reduction).toEqual(["j"]);
    expect(showIterationGraph(g)).toBe("paths: y: i (dense: random access); A: i → j; x: j (dense: random access)\norder: i, j (Σ j)");
    const cscA: Assignment = { ...csrA, operands: [mat("A", ["j", "dense"], ["i", "compressed"]), vec("x", "dense", "j")] };
    const h = iterationGraph(cscA);
    expect(isCycle(h) ? h : h.order).toEqual(["j", "i"]);
  });

  it("CSR + CSC has a cycle naming both tensors", () => {
    const a: Assignment = {
      output: mat("C", ["i", "dense"], ["j", "dense"]),
      operands: [mat("A", ["i", "dense"], ["j", "compressed"]), mat("B", ["j", "dense"], ["i", "compressed"])],
      expr: add(at(0), at(1)),
    };
    const g = iterationGraph(a);
    expect(isCycle(g)).toBe(true);
    if (isCycle(g)) {
      expect(new Set(g.cycle)).toEqual(new Set(["i", "j"]));
      expect(g.tensors).toEqual(["A", "B"]);
    }
  });

  it("SDDMM keeps the sampled output's order i, j and sums k innermost, whatever the dense layouts", () => {
    const a: Assignment = {
      output: mat("O", ["i", "dense"], ["j", "compressed"]),
      operands: [mat("S", ["i", "dense"], ["j", "compressed"]), mat("B", ["i", "dense"], ["k", "dense"]), mat("C", ["k", "dense"], ["j", "dense"])],
      expr: mul(at(0), mul(at(1), at(2))),
    };
    const g = iterationGraph(a);
    expect(isCycle(g) ? g : g.order).toEqual(["i", "j", "k"]);
    expect(lattice(a, "j").scheduled).toBe("j: [S.j ∧ C.j] sparse: (S(i,j) * (B(i,k) * C(k,j)))");
  });

  it("MTTKRP over CSF: A(i,j) = Σ_k,l B(i,k,l) C(k,j) D(l,j) walks the fibers i, k, l with the dense j innermost", () => {
    const B: Operand = { name: "B", levels: [{ var: "i", kind: "compressed", size: 4 }, { var: "k", kind: "compressed", size: 4 }, { var: "l", kind: "compressed", size: 4 }] };
    const a: Assignment = { output: mat("A", ["i", "dense"], ["j", "dense"]), operands: [B, mat("C", ["k", "dense"], ["j", "dense"]), mat("D", ["l", "dense"], ["j", "dense"])], expr: mul(at(0), mul(at(1), at(2))) };
    const g = iterationGraph(a);
    expect(isCycle(g) ? g : g.order).toEqual(["i", "k", "l", "j"]); // j indexes only dense tensors: innermost
  });
});
