#!/usr/bin/env bash
# Debian packages the web tests need: Chromium (driven by Playwright's Python package,
# never downloaded by `playwright install`) and the PostgreSQL server binaries (the
# persistence tests start a throwaway cluster of their own).  Idempotent and quiet:
# installs only what is missing.  A C compiler builds the mypyc-compiled copy the CI
# also tests (scripts/build-compiled.sh).
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
command -v cc >/dev/null || missing+=(gcc)

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
echo "ci-system-deps: installed ${missing[*]}"
