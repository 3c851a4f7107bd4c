// The types through require() (TS >= 5.8, module nodenext): the shape is still in the type.
import nt = require("named-tensor");
const x = nt.tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"]);
const s: nt.Tensor<[["batch", 2]]> = x.sum("feat");
// @ts-expect-error "feat2" is not a dimension
x.mean("feat2");
export = s;
