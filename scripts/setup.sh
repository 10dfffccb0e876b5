#!/usr/bin/env bash
# Installs what the demo, the tests and `npm run pulumi` need, idempotently:
#   1. npm dependencies (Node 22 among them) as package-lock.json names them, when it changed;
#   2. the compiled package (dist/), incrementally;
#   3. the pinned Pulumi engine (the pkg/v3 tools/pulumi/go.mod requires): a `pulumi` on PATH at
#      that version, else a build from the Go module proxy (cached per user, so every clone reuses
#      it), else the official installer;
#   4. the plugins the engine needs beside it: the dynamic-resource provider and the Node.js and
#      Python language hosts (see scripts/language-hosts/nodejs.ts, scripts/language-hosts/python.ts), all
#      ending when the engine goes;
#   5. the SDK generators (tools/codegen and tools/codegen/dotnet, for `npm run gen-sdk`) and the
#      YAML-to-PCL converter (tools/examples, for `npm run gen-examples`), built like the engine,
#      cached beside it under names that change with their sources;
#   6. the real YAML language host, pulumi-language-yaml, at the version tools/yaml/go.mod pins,
#      built from the Go module proxy like the engine, cached beside it, linked into .tools/bin;
#   7. .venv, the Python environment that Python programs name in Pulumi.yaml, with the pulumi SDK
#      scripts/setup/venv-requirements.txt pins (remade only when that version or the base Python
#      changes), and the generated Python SDK pulumi_wandb (reinstalled only when sdk/python changes).
# Usage: scripts/setup.sh [--quiet]   (progress goes to stderr either way; --quiet keeps only errors)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
quiet=false
[ "${1:-}" = "--quiet" ] && quiet=true

say() { $quiet || echo "setup: $*" >&2; }
step_logs=$(mktemp -d)
# A setup that ends early still lets the .venv's step (below) end, not leaving pip half done.
trap 'wait ${venv_job:-} 2>/dev/null; rm -rf "$step_logs"' EXIT
# Each step runs in a subshell of its own, with errexit in force inside it: a step cannot move
# the steps after it to another folder, and the first command that fails ends it, named here.
# Its log is its own: the .venv's step runs beside the others (see below).
step() { # step <what> <command...>
  local what=$1 start=$SECONDS status=0 log
  shift
  log=$(mktemp "$step_logs/step.XXXXXX")
  say "$what ..."
  set +e
  if $quiet; then (set -e; "$@") >/dev/null 2>"$log"; else (set -e; "$@") >&2; fi
  status=$?
  set -e
  if [ "$status" -ne 0 ]; then
    $quiet && cat "$log" >&2
    echo "setup: FAILED: $what (exit $status); the lines above say why" >&2
    exit 1
  fi
  say "$what: done in $((SECONDS - start))s"
}

setup_start=$SECONDS
cd "$repo"
. "$repo/scripts/setup/build-once.bash"

lock_stamp=node_modules/.pulumi-wandb-lock
lock_hash=$(sha256sum package.json package-lock.json 2>/dev/null | sha256sum | cut -c1-16)
if [ ! -x node_modules/.bin/node ] || [ "$(cat "$lock_stamp" 2>/dev/null)" != "$lock_hash" ]; then
  # npm ci installs exactly what the lock names and never rewrites it: a clone stays as it was cloned.
  step "installing npm dependencies" npm ci --no-fund --no-audit
  echo "$lock_hash" > "$lock_stamp"
fi
# The provider process resolves `pulumi-wandb/provider` from the program's folder: examples and
# test programs inside this repository find the package itself through this link.
ln -sfn .. node_modules/pulumi-wandb
export PATH="$repo/node_modules/.bin:$PATH"

# package.json's prepare, which npm ci has just run on a new clone: incremental, so this finds it done.
step "compiling TypeScript" npm run --silent prepare

# Each version is pinned in one file (scripts/setup/pulumi-versions.ts says which).
pinned=$(node -p 'const pinned = require("./dist/scripts/setup/pulumi-versions.js"); [pinned.ENGINE, pinned.YAML_HOST, pinned.PYTHON_SDK].join(" ")')
read -r engine_version yaml_version python_sdk_version <<< "$pinned"
tools_bin="$repo/.tools/bin"
cache_dir="${PULUMI_WANDB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-wandb}/pulumi-v$engine_version"
mkdir -p "$tools_bin" "$cache_dir"

# The Python environment, made beside the Go builds below (pip on one core, for seconds; the builds
# link, or compile for minutes on a new machine) and waited for before the SDK goes into it. The
# stamp names what it was made from: while it matches, a run only reads it.
venv="$repo/.venv"
venv_job=""
if python=$(command -v python3); then
  venv_key="pulumi==$python_sdk_version $("$python" --version 2>&1)"
  if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.pulumi-wandb-stamp" 2>/dev/null)" != "$venv_key" ]; then
    make_venv() {
      rm -rf "$venv"
      "$python" -m venv "$venv"
      "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r scripts/setup/venv-requirements.txt
      echo "$venv_key" > "$venv/.pulumi-wandb-stamp"
    }
    step "creating .venv with pulumi==$python_sdk_version" make_venv &
    venv_job=$!
  fi
fi

# Every Go tool is linked without its symbol table and DWARF (-s -w): a panic's trace keeps its
# function names, and the engine links in about half the time (8 s rather than 14 s on two cores).
go_strip="-s -w"
# Compiled as every Go build here is (tools/go-build.env says how and why).
set -a
. "$repo/tools/go-build.env"
set +a

# The SDK generator requires pkg/v3 and sdk/v3 at the engine's version.
pin_pulumi_modules() {
  sed -i "s#github.com/pulumi/pulumi/\(pkg\|sdk\)/v3 v[0-9.]*#github.com/pulumi/pulumi/\1/v3 v$engine_version#" "$1"
}

engine=""
if command -v pulumi >/dev/null 2>&1 && [ "$(pulumi version 2>/dev/null)" = "v$engine_version" ] \
   && [ "$(command -v pulumi)" != "$tools_bin/pulumi" ]; then
  engine=$(command -v pulumi)
  say "using pulumi v$engine_version from PATH ($engine)"
elif [ -x "$cache_dir/pulumi" ] && [ "$("$cache_dir/pulumi" version 2>/dev/null)" = "v$engine_version" ]; then
  engine="$cache_dir/pulumi"
  say "using pulumi v$engine_version built before ($engine)"
elif command -v go >/dev/null 2>&1; then
  build_engine() { # build_engine <output>
    cd "$repo/tools/pulumi"
    go build -ldflags "$go_strip -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$engine_version" \
      -o "$1" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
  }
  step "building pulumi v$engine_version from the Go module proxy (minutes the first time)" build_once "$cache_dir/pulumi" build_engine
  engine="$cache_dir/pulumi"
else
  step "installing pulumi v$engine_version with the official installer" \
    sh -c "curl -fsSL https://get.pulumi.com | sh -s -- --version $engine_version --install-root '$cache_dir.install'"
  ln -sfn "$cache_dir.install/bin/pulumi" "$cache_dir/pulumi"
  engine="$cache_dir/pulumi"
fi
# The engine looks for its plugins beside its own executable (symlinks resolved), so the CLI is
# placed here with them: a hard link where the file system allows, else a copy.
if ! [ "$tools_bin/pulumi" -ef "$engine" ]; then
  rm -f "$tools_bin/pulumi"
  ln "$(readlink -f "$engine")" "$tools_bin/pulumi" 2>/dev/null || cp "$(readlink -f "$engine")" "$tools_bin/pulumi"
fi

node_bin="$repo/node_modules/.bin/node"
cat > "$tools_bin/pulumi-resource-pulumi-nodejs" <<EOF
#!/bin/sh
# Dynamic-resource provider: the engine starts it in the program's folder, whose @pulumi/pulumi serves it
# (its module reads its arguments from process.argv after the script's place, which "dynamic-provider" holds).
# The preloaded lifeline ends it when the engine goes (see provider/engine-lifeline.ts).
exec "$node_bin" --require "$repo/dist/scripts/provider-lifeline.js" -e 'require(require.resolve("@pulumi/pulumi/cmd/dynamic-provider", { paths: [process.cwd()] }))' dynamic-provider "\$@"
EOF
cat > "$tools_bin/pulumi-language-nodejs" <<EOF
#!/bin/sh
exec "$node_bin" "$repo/dist/scripts/language-hosts/nodejs.js" "\$@"
EOF
cat > "$tools_bin/pulumi-language-python" <<EOF
#!/bin/sh
exec "$node_bin" "$repo/dist/scripts/language-hosts/python.js" "\$@"
EOF
chmod +x "$tools_bin/pulumi-resource-pulumi-nodejs" "$tools_bin/pulumi-language-nodejs" "$tools_bin/pulumi-language-python"

pin_pulumi_modules "$repo/tools/codegen/go.mod"
# Two generators share tools/codegen/sdkgen: tools/codegen (Node.js, Python, Go) at the engine's
# pkg/v3, and tools/codegen/dotnet (.NET) at the last pkg/v3 that carries the C# generator, which
# is therefore not pinned to the engine's version.
# build_generator <cache name prefix> <module folder> <link in .tools/bin> <what>
build_generator() {
  local prefix=$1 module=$2 link=$3 what=$4 generator
  generator="$cache_dir/$prefix-$(cat "$module"/go.mod "$module"/go.sum "$module"/*.go "$repo"/tools/codegen/sdkgen/go.mod "$repo"/tools/codegen/sdkgen/*.go | sha256sum | cut -c1-16)"
  if [ ! -x "$generator" ] && command -v go >/dev/null 2>&1; then
    compile_generator() { # compile_generator <output>
      cd "$module"
      go build -ldflags "$go_strip" -o "$1" .
      # Generators of older sources go; what another setup is building or waiting for stays.
      find "$cache_dir" -maxdepth 1 -name "$prefix-*" ! -name "$(basename "$generator")*" ! -name '*.partial.*' ! -name '*.lock' -delete
    }
    step "building $what" build_once "$generator" compile_generator
  fi
  if [ -x "$generator" ]; then ln -sfn "$generator" "$tools_bin/$link"
  else say "no Go toolchain: $what (npm run gen-sdk) is not built"; fi
}
build_generator gen-sdk "$repo/tools/codegen" pulumi-wandb-gen-sdk "the SDK generator (tools/codegen)"
# Its prefix must not start with gen-sdk-, whose old builds the step above deletes.
build_generator gen-dotnet-sdk "$repo/tools/codegen/dotnet" pulumi-wandb-gen-sdk-dotnet "the .NET SDK generator (tools/codegen/dotnet)"
# pulumi-yaml's YAML-to-PCL converter, for the schema's examples (npm run gen-examples), at the
# pkg/v3 pulumi-yaml builds against (see the YAML host below).
build_generator yaml-to-pcl "$repo/tools/examples" pulumi-wandb-yaml-to-pcl "the YAML-to-PCL converter (tools/examples)"

# pulumi-yaml builds against the pkg/v3 and sdk/v3 its own go.mod names (it does not compile
# against the engine's newer ones), so tools/yaml keeps those: the host speaks to the engine over
# gRPC only, as the hosts bundled with a released CLI do.
yaml_host="$cache_dir/pulumi-language-yaml-v$yaml_version"
if [ ! -x "$yaml_host" ] && command -v go >/dev/null 2>&1; then
  build_yaml_host() { # build_yaml_host <output>
    cd "$repo/tools/yaml"
    go build -ldflags "$go_strip -X github.com/pulumi/pulumi-yaml/pkg/version.Version=v$yaml_version" \
      -o "$1" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml
  }
  step "building pulumi-language-yaml v$yaml_version from the Go module proxy" build_once "$yaml_host" build_yaml_host
fi
if [ -x "$yaml_host" ]; then ln -sfn "$yaml_host" "$tools_bin/pulumi-language-yaml"
else say "no Go toolchain: YAML programs cannot run (pulumi-language-yaml is not built)"; fi

# The .venv's step said what failed, if it did.
[ -z "$venv_job" ] || wait "$venv_job" || exit 1
if [ -n "$python" ]; then
  # The generated Python SDK (sdk/python), installed as a user's pip would install it (a copy, so
  # the build leaves nothing in the tree), with its dependencies from PyPI; again when its files change.
  sdk_stamp="$venv/.pulumi-wandb-sdk-stamp"
  sdk_key=$(find sdk/python/pyproject.toml sdk/python/pulumi_wandb -type f ! -path '*/__pycache__/*' -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
  if [ "$(cat "$sdk_stamp" 2>/dev/null)" != "$sdk_key" ]; then
    install_python_sdk() {
      copy=$(mktemp -d)
      trap 'rm -rf "$copy"' EXIT
      cp -r sdk/python/. "$copy"
      "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$copy"
      echo "$sdk_key" > "$sdk_stamp"
    }
    step "installing the generated Python SDK (sdk/python) into .venv" install_python_sdk
  fi
else
  say "no python3 on PATH: Python programs cannot run"
fi

say "ready in $((SECONDS - setup_start))s: $("$tools_bin/pulumi" version) at $tools_bin/pulumi"
