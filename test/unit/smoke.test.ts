import { describe, expect, it } from "vitest";
import { ShapeError, tensor } from "../../src/index.js";

describe("smoke", () => {
  it("adds by name and sums", async () => {
    const x = tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"]);
    const b = tensor([10, 20, 30], ["feat"]);
    expect(await x.add(b).sum("batch").array()).toEqual([25, 47, 69]);
    // @ts-expect-error -- the sizes are literals, so the checker rejects this too; at run time it throws
    expect(() => x.add(tensor([1, 2], ["feat"]))).toThrow(new ShapeError('dimension "feat" is 3 in the left operand but 2 in the right'));
  });
});
