#!/usr/bin/env bash
# The packed-package check: builds, `npm pack`s named-tensor, installs the tarball (offline: it has no
# dependencies) into a temp copy of type-tests/consumer/, type-checks that project against the installed .d.ts
# with TS 7 and TS 6 (NodeNext and Bundler resolution, strict, skipLibCheck; then with skipLibCheck off, so a
# broken .d.ts shows), runs it with node and compares its output with type-tests/consumer/expected-output.txt.
# Uses the compilers in the root node_modules; needs no network.
#   bash scripts/check-consumer.sh [--no-build]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tsc7="$root/node_modules/typescript7/bin/tsc"
tsc6="$root/node_modules/typescript/bin/tsc"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/named-tensor-consumer.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

cd "$root"
if [[ "${1:-}" != "--no-build" ]]; then node scripts/build.mjs; fi
tarball="$(npm pack --silent --pack-destination "$tmp" | tail -n 1)"
echo "packed $tarball ($(du -k "$tmp/$tarball" | cut -f1) kB)"
if tar -tzf "$tmp/$tarball" | grep -qv '^package/\(dist/\|src/\|package.json$\|README.md$\|LICENSE\|CHANGELOG.md$\)'; then
  echo "✖ the tarball holds files outside dist/, src/, package.json, README.md, LICENSE, CHANGELOG.md:"; tar -tzf "$tmp/$tarball" | grep -v '^package/\(dist/\|src/\|package.json$\|README.md$\|LICENSE\|CHANGELOG.md$\)'; exit 1
fi

cp -r type-tests/consumer "$tmp/consumer"
cd "$tmp/consumer"
npm install --offline --no-audit --no-fund --no-save --loglevel=error "../$tarball" >/dev/null
test -f node_modules/named-tensor/dist/index.d.ts || { echo "✖ the installed package has no dist/index.d.ts"; exit 1; }

step() { echo "· $1"; shift; "$@"; }
step "TS 7 ($(node "$tsc7" --version)), NodeNext, emit" node "$tsc7" -p tsconfig.json --pretty false
step "TS 7, Bundler resolution" node "$tsc7" -p tsconfig.bundler.json --pretty false
step "TS 6 ($(node "$tsc6" --version)), NodeNext" node "$tsc6" -p tsconfig.json --noEmit --pretty false
step "TS 6, Bundler resolution" node "$tsc6" -p tsconfig.bundler.json --pretty false
# The emitted .d.ts must hold together for users who check libraries too (stripInternal can break them).
step "TS 7, skipLibCheck off" node "$tsc7" -p tsconfig.json --noEmit --skipLibCheck false --pretty false
step "TS 6, skipLibCheck off" node "$tsc6" -p tsconfig.json --noEmit --skipLibCheck false --pretty false
node build/main.js >output.txt
if ! diff -u "$root/type-tests/consumer/expected-output.txt" output.txt; then
  echo "✖ the consumer program's output differs from type-tests/consumer/expected-output.txt"; exit 1
fi
# Bundled with tree-shaking (rolldown, Vite's bundler): the op families register their methods as module side
# effects, which package.json's "sideEffects" list must keep (with `false` the bundle lost every method).
step "bundled by rolldown (tree-shaken), run" "$root/node_modules/.bin/rolldown" build/main.js --file bundle/main.mjs --format esm --platform node --external webgpu --log-level silent
node bundle/main.mjs >bundled.txt
if ! diff -u "$root/type-tests/consumer/expected-output.txt" bundled.txt; then
  echo "✖ the bundled consumer program's output differs from type-tests/consumer/expected-output.txt"; exit 1
fi
echo "consumer: ok (installed from the packed tarball, type-checked with TS 7 and TS 6, output as expected, also bundled)"
