#!/usr/bin/env bash
# Chromium for the e2e tests: /usr/bin/chromium (or $CHROMIUM_PATH) with every --disable-features
# switch it is given merged into one. Playwright passes its own list, the harness adds to it
# (launchBrowser), and Chromium reads only the last of the switch. No argument is evaluated.
set -euo pipefail
features=()
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) features+=("${arg#--disable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
if [ "${#features[@]}" -gt 0 ]; then
  joined=$(IFS=,; printf '%s' "${features[*]}")
  args+=("--disable-features=$joined")
fi
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "${args[@]}"
