// The program cache's map (src/backend/program-cache.ts): structures are found by hash and then compared token
// by token, so two structures whose hashes collide keep their own programs; the least recently used structure
// is evicted first, and a structure hit again is not evicted before older ones.
import { describe, expect, it } from "vitest";
import { type CanonicalGraph, ProgramCache, type RecordedProgram } from "../../src/backend/program-cache.js";

const graph = (tokens: number[], hash: number): CanonicalGraph => ({ nodes: [], tokens, hash, key: tokens.join(",") });
const program = (): RecordedProgram => ({ steps: [] });

describe("ProgramCache", () => {
  it("keeps structures with colliding hashes apart, and finds none for a structure it has not seen", () => {
    const cache = new ProgramCache(8);
    const [p1, p2] = [program(), program()];
    cache.set(graph([1, 2, 3], 7), p1);
    cache.set(graph([1, 2, 4], 7), p2); // same hash, another structure
    expect(cache.get(graph([1, 2, 3], 7))).toBe(p1);
    expect(cache.get(graph([1, 2, 4], 7))).toBe(p2);
    expect(cache.get(graph([1, 2, 5], 7))).toBeUndefined();
    expect(cache.get(graph([1, 2], 7))).toBeUndefined();
    expect(cache.get(graph([1, 2, 3], 8))).toBeUndefined();
  });

  it("evicts the least recently used structure first; a hit makes a structure the most recent", () => {
    const cache = new ProgramCache(2);
    const [a, b, c] = [program(), program(), program()];
    cache.set(graph([1], 1), a);
    cache.set(graph([2], 2), b);
    expect(cache.get(graph([1], 1))).toBe(a); // a is now the most recent
    expect(cache.get(graph([1], 1))).toBe(a); // a hit of the latest again changes nothing
    cache.set(graph([3], 3), c); // evicts b, the least recent
    expect(cache.get(graph([2], 2))).toBeUndefined();
    expect(cache.get(graph([1], 1))).toBe(a);
    expect(cache.get(graph([3], 3))).toBe(c);
    cache.set(graph([2], 2), b); // evicts a (c was used after it)
    expect(cache.get(graph([1], 1))).toBeUndefined();
    expect(cache.get(graph([3], 3))).toBe(c);
  });
});
