// A small program using named-tensor as an installed package (scripts/check-consumer.sh compares its output
// with expected-output.txt). The one shape mistake must be a compile error, and a ShapeError at run time.
import { ShapeError, type Tensor, contract, tensor, where, zeros } from "named-tensor";

const x = tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"]);
const bias = tensor([10, 20, 30], ["feat"]);
const y: Tensor<[["batch", 2], ["feat", 3]], "float32"> = x.add(bias);
console.log("shape", JSON.stringify(y.shape), "dims", JSON.stringify(y.dims), "dtype", y.dtype);
console.log("sum over batch", JSON.stringify(y.sum("batch").toArray()));

const w = tensor([[1, 0], [0, 1], [1, 1]], ["feat", "out"]);
const h: Tensor<[["batch", 2], ["out", 2]]> = x.dot("feat", w);
console.log("dot over feat", JSON.stringify(h.toArray()));
console.log("contract", JSON.stringify(contract([x, w, zeros([["out", 2]]).add(1)], ["feat", "out"]).toArray()));

const p = x.softmax("feat");
console.log("softmax rows sum to 1", JSON.stringify(p.sum("feat").toArray().map((v) => Math.round(v * 1e6) / 1e6)));
console.log("argmax", JSON.stringify(x.argmax("feat").toArray()), "mean of private-batch rows", JSON.stringify(x.mask("batch").mean("feat").unmask().toArray()));
console.log("where", JSON.stringify(where(x.gt(3), x, 0).toArray()));

try {
  // @ts-expect-error -- dimension "feat" is 3 in the left operand but 2 in the right
  x.add(tensor([1, 2], ["feat"]));
  console.log("no error");
} catch (e) {
  console.log(e instanceof ShapeError ? `ShapeError: ${e.message}` : `unexpected: ${String(e)}`);
}

async function main(): Promise<void> {
  const data = await y.data();
  console.log("data", data.constructor.name, Array.from(data).join(" "));
}
await main();
