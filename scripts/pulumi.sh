#!/usr/bin/env bash
# `npm run pulumi -- <args>`: the pinned Pulumi CLI with this project's plugins, offline by default.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$repo/scripts/setup.sh" --quiet
export PATH="$repo/.tools/bin:$repo/node_modules/.bin:$PATH"
export PULUMI_SKIP_UPDATE_CHECK=true
export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
exec pulumi "$@"
