/**
 * The two commands the workflow's steps call that the soak stands in for, put first on their PATH:
 * `npm run <script>` runs the script's own command line from package.json (npm itself would add half
 * a second to each of a year of steps), the stub render's entry points on the days it stands in for
 * Astro (SOAK_RENDER=stub); and `gh release …` keeps the releases in a folder ($SOAK_RELEASES), which
 * the soak serves as STATE_URL. Each started script leaves its process id in $SOAK_PID_DIR (the same
 * id after `exec`), so the soak can kill it at a chosen step.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The scripts the workflow's build job and state job run, and the stub render's stand-ins for two of them. */
const SCRIPTS = ['doctor', 'refresh', 'build', 'job-summary'] as const;
const STUBS: Partial<Record<(typeof SCRIPTS)[number], [real: string, stub: string]>> = {
  refresh: ['scripts/refresh.ts', 'src/dev/stub-render/stub-refresh.ts'],
  build: ['scripts/build.ts', 'src/dev/stub-render/stub-build.ts'],
};

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function npmShim(project: string): string {
  const scripts = (JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const cases = SCRIPTS.map((name) => {
    const line = scripts[name];
    if (!line?.startsWith('node ')) throw new Error(`package.json's script ${name} is not a node command line: ${line}`);
    const stub = STUBS[name];
    if (!stub) return `  ${name}) exec ${line} "$@" ;;`;
    if (!line.includes(stub[0])) throw new Error(`package.json's script ${name} does not run ${stub[0]}`);
    return `  ${name}) if [ "$SOAK_RENDER" = stub ]; then exec ${line.replace(stub[0], stub[1])} "$@"; else exec ${line} "$@"; fi ;;`;
  });
  return [
    '#!/usr/bin/env bash',
    '# npm run <script> [--silent] [-- args], as the soak runs it (src/dev/soak/shims.ts).',
    'if [ "$1" != run ]; then echo "soak npm: only npm run" >&2; exit 2; fi',
    'script=$2; shift 2',
    'while [ "$1" = --silent ]; do shift; done',
    'if [ "$1" = -- ]; then shift; fi',
    'if [ -n "$SOAK_PID_DIR" ]; then echo $$ > "$SOAK_PID_DIR/$script.pid"; fi',
    `cd ${quote(project)}`,
    'case "$script" in',
    ...cases,
    '  *) echo "soak npm: no script $script" >&2; exit 2 ;;',
    'esac',
    '',
  ].join('\n');
}

/** `gh release` as the state job calls it, on folders: a release is $SOAK_RELEASES/<name>/, its assets the files in it. */
const GH_SHIM = `#!/usr/bin/env bash
# gh release view|create|download|upload|delete-asset, on folders (src/dev/soak/shims.ts).
set -euo pipefail
if [ "$1" != release ]; then echo "soak gh: only gh release" >&2; exit 2; fi
cmd=$2; release=$3; shift 3
dir="$SOAK_RELEASES/$release"
case "$cmd" in
  view)
    [ -d "$dir" ] || { echo "release not found" >&2; exit 1; }
    # --json assets --jq '.assets[].name': the names, one a line.
    if [ "\${1:-}" = --json ]; then ls -1 "$dir"; fi ;;
  create) mkdir -p "$dir" ;;
  download)
    pattern=""; out="."
    while [ $# -gt 0 ]; do case "$1" in --pattern) pattern=$2; shift 2 ;; --dir) out=$2; shift 2 ;; *) shift ;; esac; done
    [ -f "$dir/$pattern" ] || { echo "no asset $pattern" >&2; exit 1; }
    mkdir -p "$out"; cp "$dir/$pattern" "$out/$pattern" ;;
  upload)
    file=$1; name=$(basename "$file")
    # An asset appears whole or not at all, as GitHub's does.
    cp "$file" "$dir/.$name.uploading"; mv "$dir/.$name.uploading" "$dir/$name" ;;
  delete-asset) rm -f "$dir/$1" ;;
  *) echo "soak gh: no release $cmd" >&2; exit 2 ;;
esac
`;

/** Writes the shims into `bin` for the checkout at `project`; returns `bin`. */
export function writeShims(bin: string, project: string): string {
  mkdirSync(bin, { recursive: true });
  for (const [name, text] of [
    ['npm', npmShim(project)],
    ['gh', GH_SHIM],
  ] as const) {
    writeFileSync(join(bin, name), text);
    chmodSync(join(bin, name), 0o755);
  }
  return bin;
}

/** The PATH of a step: the shims, then this Node, then the machine's. */
export const stepPath = (bin: string, machine = '/usr/bin:/bin') => [bin, dirname(process.execPath), machine].join(':');
