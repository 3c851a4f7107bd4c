// Layer: src/backend/kernel. The structural hash of a kernel: the cache key for compiled code. It walks the
// IR (never a hand-built string of op names) and feeds every structural field into two 32-bit FNV-1a lanes.
// Param values and buffer contents are not part of the structure, so a second call on new data hits the cache.
// The IR is a DAG and the code generators compute a shared node once per point, so sharing is structure: a node
// met again is hashed as a reference to its first visit (x − x with one x is not (a + b) − (a + b) with two
// equal trees; the second computes twice, and a kernel planned as the first must not get the second's code).
import type { IndexExpr } from "../../graph/index-expr.js";
import type { Expr, Kernel, LoopVar } from "./ir.js";
import { children } from "./ir.js";

class Hasher {
  #a = 0x811c9dc5;
  #b = 0x01000193 ^ 0x5bd1e995;
  text(s: string): this {
    for (let i = 0; i < s.length; i++) this.#byte(s.charCodeAt(i));
    return this.#byte(0xff);
  }
  num(n: number): this {
    return this.text(String(n));
  }
  #byte(c: number): this {
    this.#a = Math.imul(this.#a ^ c, 0x01000193) >>> 0;
    this.#b = Math.imul(this.#b ^ c, 0x01000193 ^ 0x2f) >>> 0;
    this.#b = (this.#b ^ (this.#b >>> 13)) >>> 0;
    return this;
  }
  digest(): string {
    return this.#a.toString(16).padStart(8, "0") + this.#b.toString(16).padStart(8, "0");
  }
}

function index(h: Hasher, e: IndexExpr): void {
  h.text(e.op);
  if (e.op === "var") h.text(e.name);
  else if (e.op === "const") h.num(e.value);
  else {
    index(h, e.a);
    if (e.op === "add") index(h, e.b);
    else h.num(e.c);
  }
}

/** Hashes e; `seen` numbers the nodes already hashed in this kernel, in visit order. */
function expr(h: Hasher, e: Expr, seen: Map<Expr, number>): void {
  const first = seen.get(e);
  if (first !== undefined) {
    h.text("ref").num(first);
    return;
  }
  seen.set(e, seen.size);
  h.text(e.op).text(e.type);
  switch (e.op) {
    case "const":
      h.num(e.value);
      break;
    case "param":
      h.num(e.slot);
      break;
    case "idx":
      index(h, e.index);
      break;
    case "load":
      h.num(e.input);
      index(h, e.index);
      h.text(e.dynamic ? `dyn${e.dynamic.stride}:${e.dynamic.limit}:${e.dynamic.dim}` : "-").text(e.guard ? "g" : "-");
      break;
    case "random":
      h.num(e.stream);
      index(h, e.index);
      break;
    case "unary":
    case "binary":
      h.text(e.fn);
      break;
    case "reduced":
      h.num(e.phase);
      break;
    case "where":
      h.text(e.rare ? "rare" : "-");
      break;
    default:
      break;
  }
  for (const c of children(e)) expr(h, c, seen);
}

const vars = (h: Hasher, vs: readonly LoopVar[]): void => void vs.forEach((v) => h.text(v.name).num(v.extent));

/** The structural hash of a kernel (16 hex digits). @example hashKernel(k) // "3f2a9c1e07b5d4aa" */
export function hashKernel(k: Kernel): string {
  const h = new Hasher();
  const seen = new Map<Expr, number>();
  h.text(JSON.stringify(k.mode));
  for (const x of k.inputs) h.text(x.type).num(x.length);
  for (const t of k.params) h.text(t);
  vars(h, k.outer);
  for (const p of k.phases) {
    h.text(p.fn).text(p.type);
    vars(h, p.vars);
    expr(h, p.body, seen);
  }
  vars(h, k.inner);
  expr(h, k.value, seen);
  if (k.online) {
    h.text("online").text(k.online.result ?? "softmax");
    vars(h, k.online.vars);
    for (const p of k.online.phases) {
      h.text(p.fn).text(p.type);
      vars(h, p.vars);
      expr(h, p.body, seen);
    }
    for (const e of [k.online.logit, k.online.runningMax, k.online.weight, k.online.rescale]) expr(h, e, seen);
    for (const a of k.online.accumulations ?? []) {
      h.text("accumulation").num(a.length);
      vars(h, a.inner);
      expr(h, a.weight, seen);
      expr(h, a.value, seen);
      index(h, a.index);
    }
    for (const r of k.online.rowOutputs ?? []) {
      h.text("row output").text(r.stat).num(r.length);
      index(h, r.index);
    }
  }
  h.text(k.output.type).num(k.output.length);
  index(h, k.output.index);
  return h.digest();
}
