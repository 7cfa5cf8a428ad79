// Loaded before every npm script (`node --import ./scripts/supported-node.mjs …`): on a Node older than the project's,
// one line saying what it found and what it needs, instead of a stack trace about a .ts file or a crash in a native
// addon built for a newer Node. Plain JavaScript, so it runs on any Node. The version is package.json's `engines`
// (test/unit/supported-node.test.ts holds the three equal: this, engines, .nvmrc).
// The default import: a named one that an older Node lacks would fail before the check could say so.
import module from 'node:module';
import url from 'node:url';

export const MINIMUM = '24.11.0';

/** The line to print when `version` is older than MINIMUM, else undefined. */
export function tooOld(version) {
  const found = version.split('.').map(Number);
  const need = MINIMUM.split('.').map(Number);
  const i = need.findIndex((n, k) => found[k] !== n);
  if (i === -1 || found[i] > need[i]) return undefined;
  return `This is Node ${version}; the mirror needs Node ${MINIMUM} or newer (24 LTS): run \`source scripts/node-24.sh\` (or \`nvm use\`), then \`npm ci\` again.`;
}

const line = tooOld(process.versions.node);
if (line) {
  process.stderr.write(`${line}\n`);
  // A configuration error of the machine: the contract's exit 2.
  process.exit(2);
}

// Every later start compiles the tools' modules from Node's cache (their stripped TypeScript and V8's code): half the
// start-up of a tool. NODE_COMPILE_CACHE hands the cache to the processes a tool starts (the render, the extras worker).
// The cache is the checkout's own, in node_modules/.cache: Node never prunes it (every edit of a file adds entries), and
// `npm ci` empties it with the rest of node_modules, where the default folder in the system's temp grew without bound.
if (!process.env.NODE_COMPILE_CACHE) {
  const { directory } = module.enableCompileCache(url.fileURLToPath(new URL('../node_modules/.cache/node-compile-cache', import.meta.url)));
  if (directory) process.env.NODE_COMPILE_CACHE = directory;
}
