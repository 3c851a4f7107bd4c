// Vitest setup (vitest.config.ts): the online-softmax fusion at every size, so the suites' small attention
// shapes run the fused kernel (its correctness is what they check). The default threshold, which keeps small
// attention on the three faster kernels, has its own test (test/device/attention-fused.test.ts).
import { onlineSoftmaxFusion } from "../../src/backend/kernel/passes/online-softmax.js";

onlineSoftmaxFusion.minLogits = 0;
onlineSoftmaxFusion.minBackwardLogits = 0;
