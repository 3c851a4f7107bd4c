# Sourced by scripts/test-all.sh and scripts/test-types.sh: a tiny step runner. `step NAME CMD...` runs CMD
# (output shown live), records pass/fail and the time; `must NAME CMD...` also stops at once on failure
# (for steps the rest depends on, like the build); `summary` prints one line per step and exits non-zero
# when any failed. Add a check by adding one `step` line.
NT_RESULTS=()
NT_FAILED=0

_nt_now() { date +%s.%N; }
_nt_run() {
  local name="$1"; shift
  printf '\n\033[1m━━ %s\033[0m  (%s)\n' "$name" "$*"
  local start; start="$(_nt_now)"
  "$@"
  local rc=$?
  local secs; secs="$(awk -v a="$start" -v b="$(_nt_now)" 'BEGIN { printf "%.1f", b - a }')"
  if [[ $rc -eq 0 ]]; then NT_RESULTS+=("  ok    ${secs}s  $name"); else NT_RESULTS+=("  FAIL  ${secs}s  $name (exit $rc)"); NT_FAILED=1; fi
  return $rc
}
step() { _nt_run "$@" || true; }
must() { _nt_run "$@" || { printf '\n%s failed; stopping.\n' "$1"; summary; }; }
summary() {
  printf '\n\033[1m━━ summary\033[0m\n'
  printf '%s\n' "${NT_RESULTS[@]}"
  if [[ $NT_FAILED -eq 0 ]]; then printf 'all %d steps passed\n' "${#NT_RESULTS[@]}"; else printf 'FAILED\n'; fi
  exit "$NT_FAILED"
}
