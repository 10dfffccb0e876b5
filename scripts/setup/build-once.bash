# build_once <file> <build function>: makes <file> by running `<build function> <temporary file>`,
# unless <file> is already there. Setups that run at once (two clones, parallel CI jobs) share the
# per-user cache: a lock lets one of them build while the others wait for its result, each build
# writes a file of its own, and the rename that publishes it is atomic, so no setup ever sees half
# an executable or loses a file from under its feet.
build_once() {
  local file=$1 build=$2 lock_fd partial status=0
  mkdir -p "$(dirname "$file")"
  if command -v flock >/dev/null 2>&1; then
    exec {lock_fd}>"$file.lock"
    flock "$lock_fd"
  fi
  if [ -e "$file" ]; then
    echo "built meanwhile by another setup: $file" >&2
  else
    partial=$(mktemp "$file.partial.XXXXXX")
    # Not `|| status=$?`: errexit does not hold inside an AND-OR list, so a build function's failing
    # command would go unnoticed when a later one succeeds, and an empty file be published.
    set +e
    (set -e; "$build" "$partial")
    status=$?
    set -e
    if [ "$status" -eq 0 ]; then mv -f "$partial" "$file"; else rm -f "$partial"; fi
  fi
  [ -n "${lock_fd:-}" ] && exec {lock_fd}>&-
  return "$status"
}
