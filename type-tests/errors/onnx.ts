// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): toOnnx's dynamic dims must be dims
// of its inputs (at run time the sentence goes on with the inputs' dims, which a type cannot list in order).
import { placeholder } from "../../src/index.js";
import { toOnnx } from "../../src/onnx/index.js";

const x = placeholder([["batch", 8], ["feature", 4]]);
const ids = placeholder([["batch", 8]], "int32");

// @error: toOnnx: the dynamic dim "batchh" is not a dim of any input
void toOnnx({ y: x.exp() }, { x }, { dynamic: ["batchh"] });
// @error: toOnnx: the dynamic dim "feature" is not a dim of any input
void toOnnx({ y: ids.add(1) }, { ids }, { dynamic: ["batch", "feature"] });
