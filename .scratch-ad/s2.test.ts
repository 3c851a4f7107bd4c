import { it } from "vitest";
import { tensor, grad } from "../src/index.js";
import { evaluate } from "../src/backend/cpu/reference.js";
it("dbg", () => {
  const x: any = (tensor(new Float32Array(18), [["a", 3], ["h", 6]]) as any).add(1);
  const v = x.split("h", [["p", 3], "q"]).stack({ m: ["q", "a"] }).narrow("p", 1, 2, "r");
  console.log(v.node.dims, JSON.stringify(v.node.op.map));
  const g: any = tensor(Float32Array.from({length: 12}, (_, i) => i + 1), v.node.dims.map((e: any) => [e.name, e.size]));
  const [dx] = grad((t: any) => t.split("h", [["p", 3], "q"]).stack({ m: ["q", "a"] }).narrow("p", 1, 2, "r").mul(g).sum(["m", "r"]))(x) as any[];
  console.log(dx.node.dims, [...evaluate(dx.node)]);
  console.log(JSON.stringify(dx.node.op), dx.node.inputs.map((n:any)=>[n.op.kind, n.dims]));
});
