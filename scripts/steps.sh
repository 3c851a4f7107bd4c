# Sourced by scripts/test-all.sh and scripts/test-types.sh: a tiny step runner. `step NAME CMD...` runs CMD
# (output shown live), records pass/fail and the time; `must NAME CMD...` also stops at once on failure
# (for steps the rest depends on, like the build); `summary` prints one line per step and exits non-zero
# when any failed, followed by the failure lines of each failed step (CI keeps only the tail of the output, so
# what failed, and the random seed that made it fail, must be in the tail). Add a check by adding one `step` line.
NT_RESULTS=()
NT_FAILED=0
NT_FAILURES=()
NT_LOGS="$(mktemp -d)"

_nt_now() { date +%s.%N; }
_nt_run() {
  local name="$1"; shift
  printf '\n\033[1m━━ %s\033[0m  (%s)\n' "$name" "$*"
  local start; start="$(_nt_now)"
  local log; log="$NT_LOGS/${#NT_RESULTS[@]}.log"
  "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  local secs; secs="$(awk -v a="$start" -v b="$(_nt_now)" 'BEGIN { printf "%.1f", b - a }')"
  if [[ $rc -eq 0 ]]; then NT_RESULTS+=("  ok    ${secs}s  $name"); else
    NT_RESULTS+=("  FAIL  ${secs}s  $name (exit $rc)"); NT_FAILED=1
    NT_FAILURES+=("$name" "$(_nt_failure_lines "$log")")
  fi
  return $rc
}
step() { _nt_run "$@" || true; }
must() { _nt_run "$@" || { printf '\n%s failed; stopping.\n' "$1"; summary; }; }
# The lines of a step's log that say what failed: vitest's FAIL and assertion lines, the random seed, errors.
_nt_failure_lines() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" | grep -E 'FAIL|✗|×|[Ee]rror|[Ee]xpected|NT_TEST_SEED|seed [0-9]|not ok|failed' | grep -v '^ *✓' | head -n 40
}
summary() {
  local i
  for ((i = 0; i < ${#NT_FAILURES[@]}; i += 2)); do
    printf '\n\033[1m━━ what failed in: %s\033[0m\n%s\n' "${NT_FAILURES[i]}" "${NT_FAILURES[i + 1]}"
  done
  printf '\n\033[1m━━ summary\033[0m\n'
  printf '%s\n' "${NT_RESULTS[@]}"
  if [[ $NT_FAILED -eq 0 ]]; then printf 'all %d steps passed\n' "${#NT_RESULTS[@]}"; else printf 'FAILED\n'; fi
  exit "$NT_FAILED"
}
