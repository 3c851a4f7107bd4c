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
type_steps
step "packed-package consumer" bash scripts/check-consumer.sh --no-build

summary
