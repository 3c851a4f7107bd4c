// CommonJS: require("named-tensor") (Node >= 20.19 / 22.12 load the ESM build synchronously; no top-level await).
const { tensor, ShapeError } = require("named-tensor");
const x = tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"]);
const got = x.sum("feat").toArray();
if (JSON.stringify(got) !== "[6,15]") throw new Error(`require: x.sum("feat") is ${JSON.stringify(got)}, not [6,15]`);
let threw = false;
try { x.mean("feat2"); } catch (e) { threw = e instanceof ShapeError; }
if (!threw) throw new Error("require: a wrong name did not throw a ShapeError");
console.log("require: ok", JSON.stringify(got));
