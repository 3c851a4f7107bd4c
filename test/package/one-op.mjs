// The one-op entry of the bundle-size budget (scripts/check-package.mjs): one tensor and one add.
import { tensor } from "named-tensor";
console.log(tensor([1, 2], ["i"]).add(1).toArray());
