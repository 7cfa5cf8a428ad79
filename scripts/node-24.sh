# Puts Node.js 24 first on PATH when the machine's own Node is older. Source it from bash:
#
#   source scripts/node-24.sh        # this shell, then npm ci, npm test, … as usual
#   bash scripts/node-24.sh CMD …    # one command, e.g. bash scripts/node-24.sh npm ci
#
# Node comes from the npm registry as the package node-linux-<arch> (the official binary inside a registry package),
# fetched once by `npm pack`, which checks it against the registry's integrity, checked again against the sha512 pinned
# below, and kept in ${XDG_CACHE_HOME:-~/.cache}/ranking-mirror/ for every later run and clone. Elsewhere (macOS,
# Windows) it says so: install Node 24 with nvm, fnm or volta, which read .nvmrc.

node_24_version=24.21.0

node_24_setup() {
  local have want=${node_24_version%%.*}
  have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$have" -ge "$want" ] 2>/dev/null; then return 0; fi

  local arch integrity
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) arch=x64 integrity='sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==' ;;
    Linux-aarch64) arch=arm64 integrity='sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==' ;;
    *)
      echo "node-24: this machine runs Node ${have:-none} and the project needs Node $want; install it with nvm, fnm or volta (they read .nvmrc)." >&2
      return 1
      ;;
  esac

  local home="${XDG_CACHE_HOME:-$HOME/.cache}/ranking-mirror/node-v$node_24_version-linux-$arch"
  if [ ! -x "$home/bin/node" ]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "node-24: npm is needed to fetch Node $node_24_version from the npm registry, and none is on PATH." >&2
      return 1
    fi
    local tmp got
    tmp=$(mktemp -d) || return 1
    echo "node-24: fetching node-linux-$arch@$node_24_version from the npm registry (once; kept in $home)" >&2
    if ! got=$(cd "$tmp" && npm pack "node-linux-$arch@$node_24_version" --json --silent 2>/dev/null |
      node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const [p]=JSON.parse(s);console.log(p.integrity+" "+p.filename)})'); then
      echo "node-24: npm pack node-linux-$arch@$node_24_version failed; is the npm registry reachable?" >&2
      rm -rf "$tmp"
      return 1
    fi
    if [ "${got%% *}" != "$integrity" ]; then
      echo "node-24: node-linux-$arch@$node_24_version has integrity ${got%% *}, not the $integrity pinned in scripts/node-24.sh; not used." >&2
      rm -rf "$tmp"
      return 1
    fi
    mkdir -p "$tmp/unpacked" "$(dirname "$home")" &&
      tar -xzf "$tmp/${got#* }" -C "$tmp/unpacked" &&
      "$tmp/unpacked/package/bin/node" --version >/dev/null &&
      rm -rf "$home" && mv "$tmp/unpacked/package" "$home"
    local ok=$?
    rm -rf "$tmp"
    if [ "$ok" -ne 0 ]; then
      echo "node-24: could not unpack Node $node_24_version into $home." >&2
      return 1
    fi
  fi
  export PATH="$home/bin:$PATH"
  # node-gyp builds against the headers of the Node that runs, not the machine's (npm's default nodedir here).
  export npm_config_nodedir="$home"
  hash -r
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  # Run as a command: set up, then run the rest of the line with it.
  set -e
  node_24_setup
  if [ "$#" -gt 0 ]; then exec "$@"; fi
  node --version
else
  node_24_setup
fi
