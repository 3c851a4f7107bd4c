// Every public function and every Tensor method, called from JavaScript (or through `any`) with arguments of
// every wrong kind — and every method of a disposed tensor — either works or throws one of the library's
// errors (NamedTensorError: ShapeError, ArgumentError, StateError, …). An engine error ("Cannot read
// properties of undefined", "x.map is not a function") reaching a user is a failure, listed with its call.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as api from "../../src/index.js";

const junk: readonly unknown[] = [undefined, null, 5, -1, 1.5, Number.NaN, "x", "", {}, [], [1, 2], () => 1, true, Symbol("s"), 10n];
const show = (v: unknown): string => (typeof v === "symbol" ? v.toString() : typeof v === "function" ? "() => 1" : typeof v === "bigint" ? `${v}n` : JSON.stringify(v) ?? String(v));
const fresh = () => api.tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"]) as unknown as Record<string, (...args: unknown[]) => unknown>;

/** Calls f; returns the call's description if it threw something other than a NamedTensorError. */
async function engineError(call: string, f: () => unknown): Promise<string | undefined> {
  try {
    const r = f();
    if (r && typeof (r as Promise<unknown>).then === "function") await r;
  } catch (e) {
    if (!(e instanceof api.NamedTensorError)) return `${call}: ${(e as Error)?.constructor?.name}: ${(e as Error)?.message}`;
  }
  return undefined;
}

describe("one error hierarchy", () => {
  it("no file of the library throws or builds an Error, TypeError or RangeError of its own: only NamedTensorError's classes", () => {
    const root = path.resolve(import.meta.dirname, "../../src");
    const files = fs.readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) =>
      fs
        .readFileSync(path.join(root, f), "utf8")
        .split("\n")
        .flatMap((line, i) => (/new (Error|TypeError|RangeError)\(/.test(line) ? [`src/${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

describe("wrong arguments from JavaScript", () => {
  it("every exported function, with each wrong argument first and second, throws only the library's errors", async () => {
    const bad: string[] = [];
    const functions = Object.entries(api).filter(([name, f]) => typeof f === "function" && !/^[A-Z]/.test(name)) as [string, (...a: unknown[]) => unknown][];
    expect(functions.length).toBeGreaterThan(45);
    for (const [name, f] of functions) {
      for (const j of junk) {
        const first = await engineError(`${name}(${show(j)})`, () => f(j));
        const second = await engineError(`${name}(x, ${show(j)})`, () => f(fresh(), j));
        for (const b of [first, second]) if (b) bad.push(b);
      }
    }
    expect(bad).toEqual([]);
  });

  it("every Tensor method, with each wrong argument first and second, throws only the library's errors", async () => {
    const methods = new Set<string>();
    for (let p = Object.getPrototypeOf(fresh()); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) for (const m of Object.getOwnPropertyNames(p)) methods.add(m);
    methods.delete("constructor");
    const callable = [...methods].filter((m) => typeof fresh()[m] === "function");
    expect(callable.length).toBeGreaterThan(60);
    const bad: string[] = [];
    for (const m of callable) {
      for (const j of junk) {
        const first = await engineError(`x.${m}(${show(j)})`, () => fresh()[m]!(j));
        const second = await engineError(`x.${m}("feat", ${show(j)})`, () => fresh()[m]!("feat", j));
        for (const b of [first, second]) if (b) bad.push(b);
      }
      if (m === "dispose" || m === Symbol.dispose.toString()) continue;
      const gone = fresh();
      (gone.dispose as () => void)();
      const disposed = await engineError(`disposed.${m}("feat")`, () => gone[m]!("feat"));
      if (disposed) bad.push(disposed);
    }
    expect(bad).toEqual([]);
  });
});
