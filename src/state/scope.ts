// Layer: src/state. A scope for a block of work: every tensor made inside it is disposed when it ends, except
// what it returns (tensors anywhere in the returned value: arrays, objects, maps), what it `keep`s, and stateful
// tensors (variables, persistents, placeholders), which live across steps. Returned tensors are computed
// before the others are freed, so a lazy result never reads a disposed input. The buffers are freed at the
// end of the scope, not when the garbage collector runs — what a long loop needs. Scopes nest; an async
// function is awaited (scopes are for sequential code: tensors another task makes meanwhile count as this
// scope's). Imports the top layer (Tensor) and the engine.
import { realize, readNode } from "../backend/engine.js";
import { nextNodeId } from "../graph/node.js";
import { type AnyTensor, Tensor, openScopes, tensorArg } from "../tensor.js";
import { ArgumentError, takesNot } from "../types/errors.js";
import { kindOf } from "./kinds.js";

const kept = new WeakSet<AnyTensor>();

/**
 * Marks a tensor made inside a scope to outlive it (the tensor itself is returned).
 * @example const w = scope(() => { const h = keep(x.relu()); return h.sum("i"); });
 */
export function keep<T extends Tensor<any, any>>(t: T): T {
  tensorArg("keep", t);
  kept.add(t as unknown as AnyTensor);
  return t;
}

/**
 * Runs `fn` and disposes every tensor it made except those it returns or `keep`s (and stateful ones). With an
 * async `fn` it returns a promise and frees once that settles; on WebGPU use an async `fn` (results are
 * computed before the rest is freed, which is asynchronous there).
 * @example for (const batch of batches) scope(() => model.loss(batch).item()) // nothing accumulates
 */
export function scope<R>(fn: () => R): R {
  if (typeof fn !== "function") throw new ArgumentError(takesNot("scope", "a function", fn));
  const made = new Set<AnyTensor>();
  const firstNode = nextNodeId();
  openScopes.push(made);
  let result: R;
  try {
    result = fn();
  } catch (e) {
    close(made);
    dispose(made, new Set(), firstNode);
    throw e;
  }
  if (result instanceof Promise) {
    return result.then(
      async (value) => {
        close(made);
        const out = outliving(made, value);
        for (const t of out) if (!t.isDisposed && !t.node.storage) await readNode(t.node);
        dispose(made, out, firstNode);
        return value;
      },
      (e) => {
        close(made);
        dispose(made, new Set(), firstNode);
        throw e;
      },
    ) as R;
  }
  close(made);
  const out = outliving(made, result);
  realize([...out].filter((t) => !t.isDisposed).map((t) => t.node));
  dispose(made, out, firstNode);
  return result;
}

/** Takes the scope off the stack; tensors made later belong to the enclosing scope. */
function close(made: Set<AnyTensor>): void {
  const i = openScopes.lastIndexOf(made);
  if (i >= 0) openScopes.splice(i, 1);
}

/** The tensors of `made` that outlive the scope: returned, kept or stateful (and what the enclosing scope gets). */
function outliving(made: ReadonlySet<AnyTensor>, value: unknown): Set<AnyTensor> {
  const out = new Set<AnyTensor>();
  const seen = new Set<unknown>();
  const visit = (v: unknown): void => {
    if (v === null || typeof v !== "object" || seen.has(v)) return;
    seen.add(v);
    if (v instanceof Tensor) out.add(v as unknown as AnyTensor);
    else if (v instanceof Map) for (const x of v.values()) visit(x);
    else if (Array.isArray(v)) for (const x of v) visit(x);
    else if (Object.getPrototypeOf(v) === Object.prototype) for (const x of Object.values(v)) visit(x);
  };
  visit(value);
  for (const t of made) if (kept.has(t) || kindOf(t) !== undefined) out.add(t);
  // What outlives this scope is the enclosing scope's to free.
  const outer = openScopes.at(-1);
  if (outer) for (const t of out) if (made.has(t)) outer.add(t);
  return out;
}

/**
 * Disposes the tensors made in the scope that do not outlive it — never one whose node is older than the
 * scope (a new view of an outside tensor's node, such as `mask`'s) or shared with an outliving tensor.
 */
function dispose(made: ReadonlySet<AnyTensor>, out: ReadonlySet<AnyTensor>, firstNode: number): void {
  const keptNodes = new Set([...out].map((t) => t.node));
  for (const t of made) if (!out.has(t) && t.node.id >= firstNode && !keptNodes.has(t.node) && !t.isDisposed) t.dispose();
}
