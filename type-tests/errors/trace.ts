// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): traced functions. A traced
// function keeps its function's signature (an argument of other dims is refused as for the function itself);
// the loss of a traced training step must be a float32 scalar, as for grad.
import { type Tensor, adam, randn, trace, variable } from "../../src/index.js";

type X = Tensor<[["batch", 8], ["feature", 4]]>;
const W = variable(randn([["feature", 4], ["class", 3]], { seed: 0 }));
const infer = trace((t: X) => t.dot("feature", W));

// @error: is not assignable to parameter of type 'X'
infer(randn([["batch", 5], ["feature", 4]], { seed: 1 }));
// @error: the function to differentiate must return a float32 scalar (no dimensions), not { batch: 8, class: 3 } float32
adam().trace((t: X) => t.dot("feature", W));
