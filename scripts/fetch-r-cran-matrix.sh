#!/usr/bin/env bash
# Fetches the real Matrix Market files that Debian's r-cran-matrix package carries (jgl009: pattern general;
# pores_1: real general; lund_a: real symmetric; wrong: a row index of 0, which readers must refuse) into a
# cache folder (default .cache/r-cran-matrix, git-ignored), once. Never commit them. Retries the download; exits
# non-zero (and says why) when it cannot fetch them, so a test that needs them fails rather than skips.
#   bash scripts/fetch-r-cran-matrix.sh [dest]      prints the folder holding the .mtx files
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="$(mkdir -p "${1:-$root/.cache/r-cran-matrix}" && cd "${1:-$root/.cache/r-cran-matrix}" && pwd)"
if [[ -f "$dest/lund_a.mtx" && -f "$dest/pores_1.mtx" && -f "$dest/jgl009.mtx" && -f "$dest/wrong.mtx" ]]; then echo "$dest"; exit 0; fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
for attempt in 1 2 3; do
  if apt-get download r-cran-matrix >/dev/null 2>"$tmp/err"; then break; fi
  if [[ $attempt == 3 ]]; then echo "cannot download r-cran-matrix with apt-get: $(cat "$tmp/err")" >&2; exit 1; fi
  sleep $((attempt * 2))
done
dpkg-deb -x r-cran-matrix_*.deb x
cp x/usr/lib/R/library/Matrix/external/*.mtx "$dest/"
echo "$dest"
