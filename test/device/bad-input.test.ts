// Robustness against bad input, on every device: wrong data, ragged data, bad names and sizes, wrong dtypes,
// non-integer scalars with int32, non-tensor operands, out-of-range indices, NaN/±Infinity and empty dims.
// Nothing may crash or leak an internal error: every mistake is a ShapeError (whose text is the compile-time
// sentence, built by the one function in src/types/errors.ts) or an ArgumentError that names what is wrong.
import { beforeAll, describe, expect, it } from "vitest";
import { ShapeError, type Shape, type Tensor, arange, contract, eye, full, linspace, rand, randint, randn, tensor, where, zeros, ArgumentError } from "../../src/index.js";
import * as errors from "../../src/types/errors.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { expectSame } from "../helpers/naive.js";
import { randomFloats } from "../helpers/random.js";

type Kind = typeof ShapeError | typeof ArgumentError;

/**
 * Asserts that `fn` throws an error of exactly `kind` (a ShapeError is not accepted where an ArgumentError is
 * expected and vice versa) whose message is `message` (a string: exact; a RegExp: matched), and that the
 * message does not leak internals.
 */
function expectError(fn: () => unknown, kind: Kind, message: string | RegExp): void {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  checkError(thrown, kind, message);
}

/**
 * As expectError, for a mistake found when the values are computed: `fn` may throw, or return a promise (a read
 * such as `t.data()`) that rejects; on a device read asynchronously the error comes only with the promise.
 */
async function expectFailure(fn: () => unknown, kind: Kind, message: string | RegExp): Promise<void> {
  let thrown: unknown;
  try {
    await fn();
  } catch (e) {
    thrown = e;
  }
  checkError(thrown, kind, message);
}

function checkError(thrown: unknown, kind: Kind, message: string | RegExp): void {
  expect(thrown, "expected an error").toBeInstanceOf(kind);
  const error = thrown as Error;
  expect(error.constructor).toBe(kind);
  if (typeof message === "string") expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
  expect(error.message).not.toMatch(/Cannot read|is not a function|internal|\[object/);
}

const x7 = (): Tensor<[["i", 7]], "float32"> => tensor(randomFloats(7), [["i", 7]]);

describe.each(deviceNames)("bad input on %s", (device) => {
  beforeAll(() => useDevice(device));

  describe("data", () => {
    it("data of the wrong length: the shared sentence, exactly", () => {
      // @ts-expect-error — a list literal of known length is checked at compile time too, with the same sentence
      expectError(() => tensor([1, 2, 3], [["a", 2], ["b", 2]]), ShapeError, errors.dataLength(3, "{ a: 2, b: 2 }", 4));
      expectError(() => tensor(new Float32Array(5), [["a", 2], ["b", 3]]), ShapeError, "data has 5 elements but the shape { a: 2, b: 3 } needs 6");
      expectError(() => tensor(new Int32Array(0), [["a", 1]]), ShapeError, "data has 0 elements but the shape { a: 1 } needs 1");
    });

    it("ragged or over-nested lists name the dimension that does not fit", () => {
      expectError(() => tensor([[1, 2], [3]], ["a", "b"]), ShapeError, errors.raggedData("b", 2, "a list of 1 entry"));
      expectError(() => tensor([[1, 2], 3] as unknown as number[][], ["a", "b"]), ShapeError, 'the nesting of the data does not match "b" (2): found a plain value instead of a list');
      // @ts-expect-error — a list literal's nesting is checked at compile time too, with the same sentence
      expectError(() => tensor([[1, 2], [3, 4]], [["a", 3], "b"]), ShapeError, errors.raggedData("a", 3, "a list of 2 entries"));
      // @ts-expect-error — a list literal's nesting is checked at compile time too, with the same sentence
      expectError(() => tensor([[1, 2], [3, 4]], ["a"]), ShapeError, errors.nestedTooDeep("{ a: 2 }"));
      // @ts-expect-error — a list literal's nesting is checked at compile time too, with the same sentence
      expectError(() => tensor([[1, 2], [3, 4]], ["a", "b", "c"]), ArgumentError, 'cannot infer the size of "c" from the data: give it as ["c", size]');
    });

    it("data that is not numbers is an ArgumentError naming the culprit", () => {
      expectError(() => tensor(null as never, [["a", 2]]), ArgumentError, /tensor data must be .* not null/);
      expectError(() => tensor("ab" as never, [["a", 2]]), ArgumentError, /not "ab"$/);
      expectError(() => tensor({ length: 2 } as never, [["a", 2]]), ArgumentError, /not an object$/);
      expectError(() => tensor(["a", "b"] as never, [["a", 2]]), ArgumentError, 'tensor data must hold numbers or booleans, but element 0 is "a"');
      expectError(() => tensor([[1, "x"]] as unknown as number[][], ["a", "b"]), ArgumentError, 'tensor data must hold numbers or booleans, but element 1 is "x"');
      expectError(() => tensor([1, undefined] as never, [["a", 2]]), ArgumentError, "tensor data must hold numbers or booleans, but element 1 is undefined");
    });

    it("int32 data must be integers in range", () => {
      expectError(() => tensor([1.5, 2], [["a", 2]], { dtype: "int32" }), ArgumentError, "element 0 of int32 data must be an integer in the int32 range, not 1.5");
      expectError(() => tensor([3e9], [["a", 1]], { dtype: "int32" }), ArgumentError, /not 3000000000$/);
      expectError(() => tensor([NaN], [["a", 1]], { dtype: "int32" }), ArgumentError, /not NaN$/);
      expectError(() => full([["a", 2]], 2.5, { dtype: "int32" }), ArgumentError, "the fill value of an int32 tensor must be an integer in the int32 range, not 2.5");
      expectError(() => arange("i", 3, { start: 0.5, dtype: "int32" }), ArgumentError, /start of an int32 arange/);
    });
  });

  describe("names and sizes", () => {
    it("names must be identifiers: not integer-like, not empty, no spaces or dashes", () => {
      // @ts-expect-error — a compile error too
      expectError(() => zeros([["0", 2]]), ShapeError, errors.badName("0"));
      // @ts-expect-error — a compile error too
      expectError(() => tensor([1, 2], [["", 2]]), ShapeError, '"" is not a valid dimension name: use an identifier such as "batch"');
      // @ts-expect-error — a compile error too
      expectError(() => zeros([["two words", 2]]), ShapeError, errors.badName("two words"));
      // @ts-expect-error — a compile error too
      expectError(() => tensor([[1], [2]], ["a-b", "c"]), ShapeError, errors.badName("a-b"));
      // @ts-expect-error — a compile error too
      expectError(() => x7().sum("1"), ShapeError, errors.badName("1"));
    });

    it("names must be unique", () => {
      // @ts-expect-error — a compile error too
      expectError(() => zeros([["a", 2], ["a", 2]]), ShapeError, errors.duplicate("a"));
      // @ts-expect-error — a compile error too
      expectError(() => tensor([[1, 2]], ["a", "a"]), ShapeError, 'dimension names must be unique: "a" appears twice');
      // @ts-expect-error — a compile error too
      expectError(() => eye([["i", 3], ["i", 3]]), ShapeError, errors.duplicate("i"));
      // @ts-expect-error — a compile error too
      expectError(() => x7().mean(["i", "i"]), ShapeError, errors.duplicate("i"));
    });

    it("a name that is not a string is an ArgumentError", () => {
      expectError(() => tensor([1, 2], [[3, 2]] as never), ArgumentError, "a dimension name must be a string, not 3 (number)");
      expectError(() => x7().sum(0 as never), ArgumentError, "a dimension name must be a string, not 0 (number)");
      expectError(() => x7().sum(undefined as never), ArgumentError, "a dimension name must be a string, not undefined");
      expectError(() => x7().softmax(null as never), ArgumentError, "a dimension name must be a string, not null");
      expectError(() => (x7() as unknown as { mask(name: unknown): unknown }).mask({}), ArgumentError, "a dimension name must be a string, not an object");
    });

    it("sizes must be non-negative integers", () => {
      // @ts-expect-error — a compile error too
      expectError(() => zeros([["a", -1]]), ShapeError, errors.badSize("a", "-1"));
      // @ts-expect-error — a compile error too
      expectError(() => zeros([["a", 1.5]]), ShapeError, 'the size of "a" must be a non-negative integer, not 1.5');
      expectError(() => zeros([["a", NaN]]), ShapeError, errors.badSize("a", "NaN"));
      expectError(() => zeros([["a", Infinity]]), ShapeError, errors.badSize("a", "Infinity"));
      expectError(() => zeros([["a", "3"]] as never), ShapeError, errors.badSize("a", '"3"'));
      // @ts-expect-error — a compile error too
      expectError(() => arange("i", -3), ShapeError, errors.badSize("i", "-3"));
      // @ts-expect-error — a compile error too
      expectError(() => linspace("t", 0, 1, 2.5), ShapeError, errors.badSize("t", "2.5"));
    });

    it("malformed dims lists are ArgumentErrors", () => {
      expectError(() => tensor([1], "a" as never), ArgumentError, 'dims is a list of names or [name, size] pairs, not "a"');
      expectError(() => zeros("a" as never), ArgumentError, "a shape is a list of [name, size] pairs, not string");
      expectError(() => zeros([["a"]] as never), ArgumentError, 'a shape entry is a [name, size] pair, not ["a"]');
      expectError(() => eye([["i", 3]] as never), ArgumentError, /eye needs exactly two dims/);
    });
  });

  describe("dtypes and operands", () => {
    it("an unknown dtype option is an ArgumentError", () => {
      const message = 'unknown dtype "float64": use "float32", "int32" or "bool"';
      expectError(() => tensor([1, 2], ["i"], { dtype: "float64" as never }), ArgumentError, message);
      expectError(() => zeros([["i", 2]], { dtype: "float64" as never }), ArgumentError, message);
      expectError(() => full([["i", 2]], 1, { dtype: "float64" as never }), ArgumentError, message);
      expectError(() => arange("i", 2, { dtype: "float64" as never }), ArgumentError, message);
      expectError(() => eye([["i", 2], ["j", 2]], { dtype: "float64" as never }), ArgumentError, message);
      expectError(() => x7().cast("float64" as never), ArgumentError, message);
      expectError(() => arange("i", 2, { dtype: "bool" }), ArgumentError, /arange makes numbers/);
    });

    it("a non-integer number with an int32 tensor is the shared sentence", () => {
      const ints = tensor(new Int32Array([1, 2, 3]), [["i", 3]]);
      for (const op of [() => ints.add(0.5), () => ints.sub(0.5), () => ints.mul(0.5), () => ints.maximum(0.5), () => ints.eq(0.5), () => ints.lt(0.5)])
        expectError(op, ShapeError, errors.intScalar("0.5"));
      expectError(() => ints.maskedFill(ints.gt(1), 0.5), ShapeError, "cannot combine an int32 tensor with 0.5: cast the tensor to float32 first");
      expectError(() => ints.clamp(0.5, 2), ShapeError, errors.intScalar("0.5 and 2"));
      expectError(() => where(ints.gt(1), ints, 2.5), ShapeError, errors.intScalar("2.5"));
      // Integer numbers are fine and keep int32.
      expect(ints.add(2).dtype).toBe("int32");
    });

    it("bool operands in arithmetic and non-bool conditions are the shared sentences", () => {
      const b = x7().gt(0);
      // @ts-expect-error — a compile error too
      expectError(() => b.add(b), ShapeError, errors.boolArithmetic());
      // @ts-expect-error — a compile error too
      expectError(() => b.sum("i"), ShapeError, errors.boolArithmetic());
      // @ts-expect-error — a compile error too
      expectError(() => x7().maskedFill(x7(), 0), ShapeError, errors.needsBool("the condition", "float32"));
      // @ts-expect-error — a compile error too
      expectError(() => x7().all("i"), ShapeError, errors.needsBool("a logical operand", "float32"));
    });

    it("operands that are not tensors or numbers are ArgumentErrors", () => {
      const x = x7();
      expectError(() => x.add("2" as never), ArgumentError, 'an operand must be a tensor or a number, not "2"');
      expectError(() => x.mul([1, 2] as never), ArgumentError, "an operand must be a tensor or a number, not an array");
      expectError(() => x.sub(undefined as never), ArgumentError, "an operand must be a tensor or a number, not undefined");
      expectError(() => x.dot("i", 3 as never), ArgumentError, "dot needs a tensor as its second argument, not 3 (number)");
      expectError(() => contract([x, 3] as never, "i"), ArgumentError, "contract needs a list of tensors, but entry 1 is 3 (number)");
      expectError(() => contract([] as never, "i"), ArgumentError, "contract needs at least one tensor");
      expectError(() => x.maskedFill(true as never, 0), ArgumentError, /maskedFill needs a bool tensor as its mask/);
      expectError(() => where(true as never, 1, 2), ArgumentError, /where needs a bool tensor as its condition/);
    });

    it("other arguments are checked: seeds, bounds, k, correction, clamp, item", () => {
      expectError(() => rand([["i", 2]], undefined as never), ArgumentError, "random values need an integer seed: { seed: 0 }");
      expectError(() => randn([["i", 2]], { seed: 1.5 }), ArgumentError, "random values need an integer seed: { seed: 0 }");
      expectError(() => randint([["i", 2]], 3, 3, { seed: 0 }), ArgumentError, /randint needs integers low < high/);
      expectError(() => randint([["i", 2]], 0, 2.5, { seed: 0 }), ArgumentError, /not 0 and 2.5$/);
      expectError(() => randint([["i", 2]], -(2 ** 31), 2 ** 31, { seed: 0 }), ArgumentError, /at most 2\^31 apart/);
      expectError(() => x7().topk("i", -1, "top"), ArgumentError, "topk needs a non-negative integer k, not -1 (number)");
      expectError(() => x7().topk("i", 1.5, "top"), ArgumentError, "topk needs a non-negative integer k, not 1.5 (number)");
      // @ts-expect-error — a compile error too
      expectError(() => x7().topk("i", 8, "top"), ShapeError, errors.topkRange(8, "i", 7));
      expectError(() => x7().variance("i", { correction: NaN }), ArgumentError, "correction must be a non-negative number, not NaN (number)");
      expectError(() => x7().clamp(1, -1), ArgumentError, "clamp needs min <= max, not 1 and -1");
      expectError(() => x7().item(), ShapeError, "item() needs a tensor with one element, not 7");
      expectError(() => arange("i", 3, { step: NaN }), ArgumentError, "the step of arange must be a finite number, not NaN (number)");
      expectError(() => linspace("t", "0" as never, 1, 3), ArgumentError, 'linspace needs numbers for start and stop, not "0"');
    });
  });

  describe("indices", () => {
    it("get out of range is the shared sentence; so is an index tensor holding a bad position", async () => {
      const x = tensor(randomFloats(21), [["a", 7], ["b", 3]]);
      // @ts-expect-error — a compile error too
      expectError(() => x.get("a", 7), ShapeError, errors.indexRange(7, "a", 7));
      const at = tensor(new Int32Array([0, 7]), [["pick", 2]]);
      // The positions are only known when the values are computed: reading fails with the same sentence (on a
      // device read asynchronously, the index lives there too and the read rejects with it).
      await expectFailure(() => x.indexSelect("a", at).data(), ShapeError, errors.indexRange(7, "a", 7));
      await expectFailure(() => x.gather("a", tensor(new Int32Array([1, -1, 6]), [["b", 3]])).array(), ShapeError, errors.indexRange(-1, "a", 7));
    });
  });

  describe("special values and empty dims", () => {
    it("NaN and ±Infinity pass through every op without throwing", async () => {
      const s = tensor([NaN, Infinity, -Infinity, 0, -0, 1, -1], ["i"]);
      const results: Tensor<Shape, "float32" | "int32" | "bool">[] = [
        s.exp(), s.log(), s.sqrt(), s.rsqrt(), s.tanh(), s.sigmoid(), s.sin(), s.cos(), s.erf(), s.gelu(), s.abs(), s.neg(),
        s.sign(), s.floor(), s.ceil(), s.round(), s.relu(), s.clamp(-1, 1), s.pow(2), s.div(s), s.add(s), s.mul(0),
        s.maximum(0), s.minimum(0), s.lt(0), s.eq(s), s.cast("int32"), s.cast("bool"), s.softmax("i"), s.logSoftmax("i"),
        s.cumsum("i"), s.sort("i").values, s.topk("i", 3, "top").values, s.dot("i", s), s.sum("i"), s.mean("i"), s.max("i"),
        s.logsumexp("i"), s.variance("i"), s.argmax("i"), s.argmin("i"),
      ];
      for (const r of results) await r.data();
      // Spot checks of the IEEE answers.
      expectSame(await s.sign().data(), [NaN, 1, -1, 0, 0, 1, -1]);
      expectSame(await s.relu().data(), [NaN, Infinity, 0, 0, 0, 1, 0]);
      expectSame(await s.cast("int32").data(), [0, 2147483647, -2147483648, 0, 0, 1, -1]);
      expectSame(await s.argmax("i").data(), [0]);
      expectSame(await s.max("i").data(), [NaN]);
      expectSame(await s.sort("i").indices.data(), [2, 6, 3, 4, 5, 1, 0]);
    });

    it("empty dims: ops give empty results or identities instead of failing", async () => {
      const e = zeros([["a", 0], ["b", 3]]);
      const w = tensor(randomFloats(6), [["b", 3], ["c", 2]]);
      expect((await e.add(1).exp().data()).length).toBe(0);
      expect(e.add(tensor(randomFloats(3), [["b", 3]])).shape).toEqual({ a: 0, b: 3 });
      expect(e.dot("b", w).shape).toEqual({ a: 0, c: 2 });
      // Contracting an empty dim sums nothing: zeros.
      expectSame(await e.dot("a", zeros([["a", 0], ["c", 2]])).data(), new Float32Array(6));
      expect((await e.softmax("a").data()).length).toBe(0);
      expect((await e.cumsum("a").data()).length).toBe(0);
      expect((await e.sort("a").values.data()).length).toBe(0);
      expect(w.topk("b", 0, "none").values.shape).toEqual({ none: 0, c: 2 });
      expect(e.toString().split("\n")[0]).toBe("Tensor { a: 0, b: 3 } float32");
      expect(await e.array()).toEqual([]);
      expect(await e.sum("a").array()).toEqual([0, 0, 0]);
      expectError(() => e.argmax("a"), ShapeError, errors.emptyReduction("argmax", "a"));
    });
  });
});

// The synchronous reads exist on the CPU only (a device read asynchronously cannot return values from a
// synchronous call; tensor.test.ts checks the error it throws instead).
describe("bad input read synchronously on the CPU", () => {
  beforeAll(() => useDevice("cpu"));

  it("an index tensor holding a bad position: dataSync() throws the shared sentence", () => {
    const x = tensor(randomFloats(21), [["a", 7], ["b", 3]]);
    const at = tensor(new Int32Array([0, 7]), [["pick", 2]]);
    expectError(() => x.indexSelect("a", at).dataSync(), ShapeError, errors.indexRange(7, "a", 7));
  });

  it("empty dims print and read synchronously as empty", () => {
    const e = zeros([["a", 0], ["b", 3]]);
    expect(e.toString()).toBe("Tensor { a: 0, b: 3 } float32\n[]");
    expect(e.toArray()).toEqual([]);
    expect(e.add(1).dataSync().length).toBe(0);
  });
});
