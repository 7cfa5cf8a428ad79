// Loaded before every npm script (`node --import ./scripts/supported-node.mjs …`): on a Node older than the project's,
// one line saying what it found and what it needs, instead of a stack trace about a .ts file or a crash in a native
// addon built for a newer Node. Plain JavaScript, so it runs on any Node. The version is package.json's `engines`
// (test/unit/supported-node.test.ts holds the three equal: this, engines, .nvmrc).
export const MINIMUM = [24, 11, 0];

const found = process.versions.node.split('.').map(Number);
const older = found[0] !== MINIMUM[0] ? found[0] < MINIMUM[0] : found[1] !== MINIMUM[1] ? found[1] < MINIMUM[1] : found[2] < MINIMUM[2];
if (older) {
  process.stderr.write(
    `This is Node ${process.versions.node}; the mirror needs Node ${MINIMUM.join('.')} or newer (24 LTS): ` +
      'run `source scripts/node-24.sh` (or `nvm use`), then `npm ci` again.\n',
  );
  process.exit(2);
}
