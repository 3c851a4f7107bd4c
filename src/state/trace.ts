// Layer: src/state. Traced functions, in the manner of jax.jit and tf.function: the function is run once on
// placeholders standing for its tensor arguments, the graph it builds is bound to its program (the program
// cache's recorded program, realize.ts bindOn: lowered and compiled kernels, which node each kernel stores and
// reads, its params), and every later call with arguments of the same dims and dtypes feeds them to the
// placeholders and runs that program again — no graph is built, differentiated, canonicalised or hashed.
// What the function reads that is not an argument is captured by the trace: variables and persistent state
// are read at their current value on every call (an `assign` or an optimizer's swap is seen), any other tensor
// (a constant) is the value it had when traced. Imports src/graph, src/backend/engine, src/state and the top
// layer.
import { type BoundProgram, type Device, bindOn, deviceOf, getDefaultDevice, programStats, realize, realizeTogether, releaseBound, runBound } from "../backend/engine.js";
import { Node, nextNodeId, storedDensely } from "../graph/node.js";
import { showAllDims } from "../shape/dims.js";
import { type AnyTensor, Tensor, openScopes, wrap } from "../tensor.js";
import { ArgumentError, DeviceError, InternalError, StateError, takesNot } from "../types/errors.js";
import { checkFed, nodeKind, placeholderLike, unfedUnder } from "./kinds.js";

/** @internal What a traced body gives: the tensors each call computes, and what a call makes of them. */
export interface TraceBody<R> {
  readonly roots: readonly AnyTensor[];
  /**
   * Stateful tensors (variables, moments) that take the values of the first roots, in order, after each run:
   * the new buffer goes under the tensor's node, as `assign` does (same dims and dtype, checked when traced).
   * Where the program can, it writes the new value over the old buffer instead (no second copy; realize.ts
   * `bindOn`), only when nothing but the tensor holds that buffer.
   */
  readonly assigns?: readonly AnyTensor[];
  /** Called after each run with the other roots' values as new materialised tensors (the caller's). */
  readonly finish: (values: AnyTensor[]) => R;
}

/** One trace: the placeholders its body read, the program bound to its graph, what a call returns. */
interface Recording<R> {
  readonly placeholders: readonly Node[];
  readonly program: BoundProgram;
  readonly roots: readonly AnyTensor[];
  /** For each root, its position among the program's roots (-1: a tensor that holds its value already). */
  readonly computed: readonly number[];
  readonly assigns: readonly AnyTensor[];
  readonly finish: (values: AnyTensor[]) => R;
  /** The first node id made while the body ran: the program's leaves from it on are values the body made. */
  readonly firstNode: number;
}

/** The dims (private ones marked) and dtype of each argument: the key a trace is found again by. */
const keyOf = (args: readonly AnyTensor[]): string => {
  let key = "";
  for (const t of args) {
    key += `${t.dtype}[`;
    for (const d of t.node.dims) key += `${d.name}:${d.size}${t.masked.has(d.name) ? "'" : ""},`;
    key += "]";
  }
  return key;
};

/**
 * Traces being recorded now: a traced function called while another is traced is inlined (its graph joins the
 * outer trace, as a jitted function called inside jax.jit), and so is one called on arguments computed from a
 * placeholder not yet fed (building a graph to export, say).
 */
let tracing = 0;
/** @internal Whether a traced function's body is running now (on placeholders): ops must build graph, not compute. @example tracingNow() // false outside trace */
export const tracingNow = (): boolean => tracing > 0;

/** Traces kept per traced function (one per argument shape); a shape past them is traced again when it returns. */
const MAX_TRACES = 16;

/**
 * @internal A function traced once per distinct argument dims/dtypes (the body builds the graph over
 * placeholders), whose later calls feed the arguments and run the bound program.
 */
export class Traced<R> {
  readonly #recordings = new Map<string, Recording<R>>();
  constructor(
    readonly name: string,
    readonly body: (inputs: AnyTensor[]) => TraceBody<R>,
  ) {}

  /** Runs the traced function on `args` (tensors; traced first for new dims or dtypes). */
  call(given: readonly unknown[]): R {
    const args = given.map((v, i) => {
      if (!(v instanceof Tensor)) throw new ArgumentError(takesNot(this.name, `tensors as arguments (argument ${i + 1})`, v));
      if (v.isDisposed) throw new StateError(`${this.name}: argument ${i + 1} was disposed: its values are gone`);
      return inputOf(v as AnyTensor);
    });
    const key = keyOf(args);
    let rec = this.#recordings.get(key);
    if (!rec) this.#keep(key, (rec = this.#trace(args)));
    else feed(rec, args);
    try {
      if (!this.#stillValid(rec)) {
        // A tensor the program reads now lies in another layout than its kernels were compiled for (a variable
        // assigned a view): trace again for the new layout.
        release(rec);
        releaseBound(rec.program);
        this.#keep(key, (rec = this.#trace(args)));
      }
      const computed = runBound(rec.program);
      const values: AnyTensor[] = [];
      const assigns = rec.assigns;
      for (let i = 0; i < rec.roots.length; i++) {
        const r = rec.roots[i]!;
        const k = rec.computed[i]!;
        const storage = k >= 0 ? computed[k]! : r.node.storage!;
        if (i < assigns.length) assigns[i]!.node.materialize(storage);
        else values.push(wrap(new Node({ kind: "source" }, [], r.dtype, r.node.dims, storage), r.masked));
      }
      for (const c of computed) c.buffer.release(); // the new tensors and the assigned nodes hold them now
      return rec.finish(values);
    } finally {
      release(rec);
    }
  }

  /**
   * Gives back every trace's buffers; a later call traces again. With `bodyValues`, also the values the body
   * made that the programs read (the constants of an imported model): for an owner that made every such value
   * for its traces only, since a tensor made there and kept elsewhere is disposed too.
   * @example traced.release()
   */
  release(bodyValues = false): void {
    for (const rec of this.#recordings.values()) {
      releaseBound(rec.program);
      if (!bodyValues) continue;
      for (const { node } of rec.program.leaves) if (node.id >= rec.firstNode && !nodeKind(node)) node.release();
    }
    this.#recordings.clear();
  }

  /** Keeps a recording; past `MAX_TRACES` shapes the oldest is dropped and its buffers given back. */
  #keep(key: string, rec: Recording<R>): void {
    this.#recordings.delete(key);
    this.#recordings.set(key, rec);
    if (this.#recordings.size <= MAX_TRACES) return;
    const [oldest, dropped] = this.#recordings.entries().next().value!;
    this.#recordings.delete(oldest);
    releaseBound(dropped.program);
  }

  /** Runs the body over new placeholders (fed with `args`) and binds the program of what it returns. */
  #trace(args: readonly AnyTensor[]): Recording<R> {
    programStats.traces++;
    const firstNode = nextNodeId();
    const placeholders = args.map((a) => placeholderLike(a) as unknown as AnyTensor);
    // The tensors the body makes belong to the trace, not to a scope open around the call.
    const made = new Set<AnyTensor>();
    openScopes.push(made);
    let body: TraceBody<R>;
    tracing++;
    try {
      body = this.body(placeholders);
    } catch (e) {
      // Reading a value computed from an argument finds a placeholder without values (reported as disposed).
      if (e instanceof StateError && /disposed/.test(e.message))
        throw new StateError(`${e.message}; or, while ${this.name} traces a function, it read the values (item, data, array) of a tensor computed from its arguments, which are placeholders without values then: a traced function must not read values nor branch on them`);
      throw e;
    } finally {
      tracing--;
      openScopes.splice(openScopes.lastIndexOf(made), 1);
    }
    if ((body.roots as unknown) instanceof Promise) throw new ArgumentError(`${this.name} takes a function that returns tensors, not a promise`);
    const assigns = body.assigns ?? [];
    for (const [i, t] of assigns.entries()) {
      const v = body.roots[i]!.node;
      const same = v.dtype === t.dtype && v.dims.length === t.node.dims.length && v.dims.every((d, j) => d.name === t.node.dims[j]!.name && d.size === t.node.dims[j]!.size);
      if (!same) throw new InternalError(`internal: ${this.name} assigns a value whose dims or dtype differ from its target`);
    }
    const rec0 = { placeholders: placeholders.map((p) => p.node), roots: body.roots, assigns, finish: body.finish };
    feed(rec0, args);
    const nodes = body.roots.map((r) => r.node);
    let device: Device | undefined;
    for (const n of nodes) {
      if (n.storage) continue;
      const d = deviceOf(n);
      if (device && d !== device) throw new DeviceError(`${this.name}: the traced function computes on two devices, ${device.name} and ${d.name}: move its tensors to one with await t.to("${device.name}")`);
      device = d;
    }
    // Each assigned value may be written over its target's buffer (bindOn decides where that is safe).
    const program = bindOn(device ?? getDefaultDevice(), nodes, assigns.map((t) => t.node));
    return { ...rec0, program, computed: nodes.map((n) => program.roots.indexOf(n)), firstNode };
  }

  /** Throws when a tensor the program reads was disposed; false when one lies in another layout now. */
  #stillValid(rec: Recording<R>): boolean {
    for (const leaf of rec.program.leaves) {
      const s = leaf.source.storage ?? leaf.node.storage;
      if (!s) {
        const dims = leaf.node.dims.map((d) => ({ ...d, masked: false }));
        throw new StateError(
          `${this.name}: a tensor ${showAllDims(dims)} ${leaf.node.dtype} the traced function reads was disposed since it was traced: its values are gone (trace the function again, or keep the tensor)`,
        );
      }
      if (s.offset !== leaf.offset || s.buffer.length !== leaf.length || s.strides.some((v, i) => v !== leaf.strides[i])) return false;
    }
    return true;
  }
}

/**
 * @internal Computes `values` (the new values of the stateful `targets`, in order) and `also` together, in one
 * program bound as a traced step's is (bindOn), and materialises them: where the device and bindOn allow it,
 * a value is written over its target's buffer (nothing else holds it), so the swap that follows frees nothing
 * and allocates nothing — the untraced optimizer step. Nodes on several devices are computed device by device.
 * @example realizeReplacing([w1.node], [w.node], [loss.node]); w.node.materialize(w1.node.storage!)
 */
export function realizeReplacing(values: readonly Node[], targets: readonly Node[], also: readonly Node[]): void {
  const nodes = [...values, ...also];
  const todo = nodes.filter((n) => !n.storage);
  checkFed(todo);
  const devices = new Set(todo.map(deviceOf));
  if (devices.size !== 1) return realizeTogether(todo);
  const program = bindOn([...devices][0]!, nodes, targets);
  try {
    const computed = runBound(program);
    for (const [i, n] of program.roots.entries()) n.materialize(computed[i]!);
    for (const c of computed) c.buffer.release(); // the nodes hold them now
  } finally {
    releaseBound(program);
  }
}

/** An argument as a placeholder can take it: computed, contiguous (a copy when it is a view). */
function inputOf(t: AnyTensor): AnyTensor {
  if (!t.node.storage) {
    checkFed([t.node]);
    realize([t.node]);
  }
  if (storedDensely(t.node)) return t;
  const copy = new Node({ kind: "cast" }, [t.node], t.dtype, t.node.dims);
  realize([copy]);
  return wrap(copy, t.masked);
}

/** Gives each placeholder its argument's buffer (the same device as the trace's, checked). */
function feed(rec: { readonly placeholders: readonly Node[] }, args: readonly AnyTensor[]): void {
  for (const [i, p] of rec.placeholders.entries()) p.materialize(args[i]!.node.storage!);
}

/** Lets go of the arguments' buffers (the placeholders hold them only during a call). */
function release(rec: { readonly placeholders: readonly Node[] }): void {
  for (const p of rec.placeholders) p.release();
}

/** Tensors anywhere in a value (arrays and plain objects), in a fixed order. */
function tensorsIn(v: unknown, out: AnyTensor[]): AnyTensor[] {
  if (v instanceof Tensor) out.push(v as AnyTensor);
  else if (Array.isArray(v)) for (const x of v) tensorsIn(x, out);
  else if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) for (const x of Object.values(v)) tensorsIn(x, out);
  return out;
}

/** The value with its tensors replaced, in the order tensorsIn found them. */
function replaceTensors(v: unknown, next: () => AnyTensor): unknown {
  if (v instanceof Tensor) return next();
  if (Array.isArray(v)) return v.map((x) => replaceTensors(x, next));
  if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replaceTensors(x, next)]));
  return v;
}

/**
 * A traced function: called as the function it traces; `dispose()` (or leaving a `using` block) gives back the
 * buffers its traces hold — its compiled programs' temporaries and outputs — and a later call traces again.
 */
export type TracedFunction<A extends readonly unknown[], R> = ((...args: A) => R) & { dispose(): void; [Symbol.dispose](): void };

/** @internal `call` with `dispose` and `Symbol.dispose` releasing `traced`'s buffers (see `Traced.release`). */
export function disposable<A extends readonly unknown[], R>(call: (...args: A) => R, traced: Traced<unknown>, bodyValues = false): TracedFunction<A, R> {
  const release = () => traced.release(bodyValues);
  return Object.assign(call, { dispose: release, [Symbol.dispose]: release });
}

/**
 * Traces `fn` (a function of tensors that returns a tensor, or an array or plain object of tensors): the first
 * call with arguments of given dims and dtypes runs `fn` once on placeholders and binds the graph it builds to its
 * compiled program; every later call with such arguments only feeds them and runs that program — no graph is
 * built, differentiated or hashed (`kernelStats().traces` counts the traces). Arguments of other dims or dtypes
 * trace again (the last 16 traces are kept). Each call returns new computed tensors (the caller's: dispose them,
 * or use `scope`). What `fn` reads besides its arguments is captured: variables and persistent state are read at
 * their value at each call; any other tensor is the value it had when traced (rebinding a JavaScript name to
 * another tensor later is not seen — trace again), and disposing it makes later calls throw a StateError. `fn`
 * must not read values (`item`, `data`) nor branch on them: it runs once, on placeholders. Random draws inside
 * `fn` repeat their seed on every call. Called while another function is traced, or on arguments computed from a
 * placeholder not yet fed, `fn` is inlined: it builds its graph lazily, as an untraced call would. The traces'
 * buffers stay until `dispose()` is called on the traced function (or a `using` block it was declared in ends).
 * @example
 * const infer = trace((x: Tensor<[["batch", 8], ["feature", 4]]>) => x.dot("feature", W).relu());
 * const y = infer(x); // traced and run; infer(x2) runs the same program on x2
 * infer.dispose(); // its programs' buffers are given back
 */
export function trace<A extends readonly Tensor<any, any>[], R>(fn: (...args: A) => R): TracedFunction<A, R> {
  return traceOwning(fn, false);
}

/**
 * @internal `trace(fn)`, whose `dispose` also disposes the values `fn` made that its programs read when
 * `ownsBodyValues` (an imported model's weights: see `Traced.release`).
 */
export function traceOwning<A extends readonly Tensor<any, any>[], R>(fn: (...args: A) => R, ownsBodyValues: boolean): TracedFunction<A, R> {
  if (typeof fn !== "function") throw new ArgumentError(takesNot("trace", "a function of tensors", fn));
  const traced = new Traced<R>("trace", (inputs) => {
    const out = fn(...(inputs as unknown as A));
    if (out instanceof Promise) throw new ArgumentError("trace takes a function that returns tensors, not a promise (an async function)");
    const roots = tensorsIn(out, []);
    return {
      roots,
      finish: (values) => {
        let i = 0;
        return replaceTensors(out, () => values[i++]!) as R;
      },
    };
  });
  const symbolic = (args: readonly unknown[]) => tracing > 0 || args.some((a) => a instanceof Tensor && !a.isDisposed && unfedUnder([a.node]) !== undefined);
  return disposable((...args: A) => (symbolic(args) ? fn(...args) : traced.call(args)), traced, ownsBodyValues);
}
