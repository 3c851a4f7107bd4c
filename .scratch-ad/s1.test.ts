import { it, expect } from "vitest";
import { tensor, randn } from "../src/index.js";
import { grad, valueAndGrad } from "../src/ops/autodiff.js";
import { variable } from "../src/ops/kinds.js";
import { evaluate } from "../src/backend/cpu/reference.js";

it("basic", () => {
  const x = tensor([[1, 2, 3], [4, 5, 6]], ["a", "b"]);
  const w = tensor([1, -1, 2], ["b"]);
  const f = (x: any, w: any) => x.mul(w).exp().sum(["a", "b"]).mul(0.01);
  const [gx, gw] = grad(f)(x, w) as any;
  console.log(gx.dims, gx.toArray(), gw.toArray());
  const t = (x: any) => x.transpose("b", "a").split("b", [["p", 3], ["q", 1]]).sum(["p","q","a"]).pow(2);
  const [gt] = grad(t as any)(x) as any;
  console.log(gt.dims, gt.toArray());
  const W = variable(randn([["i", 3], ["o", 2]], { seed: 1 }));
  const r = valueAndGrad(() => x.rename({a: "n"}).dot("b", W.rename({i: "b"})).pow(2).sum(["n","o"]) as any)();
  console.log(r.value.item(), r.variables.get(W).toArray(), r.variables.get(W).dims);
});
