// Loaded before every npm script (`node --import ./scripts/supported-node.mjs …`): on a Node older than the project's,
// one line saying what it found and what it needs, instead of a stack trace about a .ts file or a crash in a native
// addon built for a newer Node. Plain JavaScript, so it runs on any Node. The version is package.json's `engines`
// (test/unit/supported-node.test.ts holds the three equal: this, engines, .nvmrc).
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
