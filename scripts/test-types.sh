#!/usr/bin/env bash
# The type tests: tsd (its bundled TS 5.9) over type-tests/*.test-d.ts against the emitted dist/*.d.ts; the same
# files under TS 7; the compile-error sentences of type-tests/errors/*.ts under TS 6 and TS 7 (with every sentence
# of the static algebra covered); the harnesses' self-tests; the type-check budget.
#   bash scripts/test-types.sh [--no-build]      (scripts/test-all.sh sources this file and calls type_steps)
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
source scripts/steps.sh

# tsd prints nothing when every assertion holds; say so.
run_tsd() {
  node node_modules/tsd/dist/cli.js --files 'type-tests/*.test-d.ts' &&
    echo "tsd $(node -p 'require("./node_modules/tsd/package.json").version') (TS $(node -p 'require("./node_modules/@tsd/typescript/package.json").version')): $(ls type-tests/*.test-d.ts | wc -l) files ok"
}

type_steps() {
  step "tsd (TS 5.9): type-tests/*.test-d.ts" run_tsd
  step "tsd files under TS 7" node scripts/check-tsd-ts7.mjs
  step "tsd-under-TS-7 self-test" node scripts/check-tsd-ts7.mjs --self-test
  step "error sentences under TS 6 and TS 7" node scripts/check-type-errors.mjs --coverage
  step "error-sentence harness self-test" node scripts/check-type-errors.mjs --self-test
  step "type-check budget" node scripts/type-budget.mjs
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  if [[ "${1:-}" != "--no-build" ]]; then must "build" node scripts/build.mjs; fi
  type_steps
  summary
fi
