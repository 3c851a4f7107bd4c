#!/usr/bin/env bash
# The single test command (`npm test`): build, import direction, unit tests, type tests, type-check budget,
# packed-package consumer. Runs every step, prints a summary, exits non-zero if any step failed.
# To add a check, add one `step "name" command...` line below (examples, browser tests, …).
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
source scripts/steps.sh
source scripts/test-types.sh

must "build" node scripts/build.mjs
step "import direction (ARCHITECTURE.md)" node scripts/check-imports.mjs
step "import check self-test" node scripts/check-imports.mjs --self-test
step "unit tests (vitest)" node node_modules/vitest/vitest.mjs run
# WebGPU (Dawn in Node; needs a Vulkan driver, see scripts/setup-vulkan.sh): every device suite on cpu and webgpu.
step "op suites on cpu + webgpu" env NT_DEVICES=cpu,webgpu WEBGPU_REQUIRED=1 node node_modules/vitest/vitest.mjs run $(grep -l "helpers/devices" test/*.test.ts) test/webgpu.test.ts test/webgpu-lost.test.ts
step "browser: headless Chromium on navigator.gpu" node test/browser/run.mjs
type_steps
step "packed-package consumer" bash scripts/check-consumer.sh --no-build

summary
