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
step "test files type-check (TS 7)" node node_modules/typescript7/bin/tsc -p tsconfig.tests.json
step "tests on the cpu (vitest: test/unit, test/device)" node node_modules/vitest/vitest.mjs run
# WebGPU (Dawn in Node) needs a Vulkan driver Dawn accepts, and the browser test Debian's Chromium. On a machine
# without them (a fresh clone), set them up here, idempotently, as .ci/run does (root and the Debian mirror).
if [[ -z "${VK_ICD_FILENAMES:-}" ]]; then
  echo "setting up a Vulkan driver for the WebGPU tests (scripts/setup-vulkan.sh)…"
  if setup="$(bash scripts/setup-vulkan.sh "${NT_VULKAN:-lavapipe}" || bash scripts/setup-vulkan.sh swiftshader)"; then eval "$setup"; fi
fi
if [[ ! -x /usr/bin/chromium ]] && command -v apt-get >/dev/null; then
  echo "installing Debian's chromium for the browser test…"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium) >/dev/null 2>&1 || true
fi
# The device matrix (test/device: ops, autodiff, nn, optim, memory, program cache) on cpu and webgpu; a missing
# adapter is a failure, not a skip.
step "device matrix on cpu + webgpu" env NT_DEVICES=cpu,webgpu WEBGPU_REQUIRED=1 node node_modules/vitest/vitest.mjs run test/device
step "browser: headless Chromium on navigator.gpu" node test/browser/run.mjs
step "doc @examples of the public API, compiled and run (cpu + webgpu)" node scripts/check-examples.mjs
type_steps
step "packed-package consumer" bash scripts/check-consumer.sh --no-build
# The package as users get it: publint, attw, require(), esbuild/Vite/webpack bundles in Node and Chromium, the
# size budget, Deno and Bun. Its tools live in tools/ (their own lock file), installed here when missing.
if [[ ! -x tools/node_modules/.bin/esbuild ]]; then
  echo "installing the packaging tools (npm ci --prefix tools)…"
  npm ci --prefix tools --no-audit --no-fund --loglevel=error >/dev/null || true
fi
step "package: publint, attw, require(), bundlers in Node + Chromium, size budget, Deno, Bun" node scripts/check-package.mjs --no-build
step "API reference (TypeDoc into docs/api; a warning fails)" tools/node_modules/.bin/typedoc --logLevel Warn

summary
