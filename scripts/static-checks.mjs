// The fast tier's two static checks side by side (each takes one core): `prettier --check .` and `astro check`, their
// output printed whole, each after the other, and a non-zero exit when either fails. Plain JavaScript, run by npm test.
//
//   node scripts/static-checks.mjs [-- COMMAND ARGS…]
//
// With a command after `--` (npm test: the unit and system tests), it runs beside the checks with its own output as it
// comes, the checks' output printed once it ends: the two cores stay busy while one check waits on the other or the
// tests' last files run alone. The exit is non-zero when the command or either check fails.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const CHECKS = [
  ['prettier', ['--check', '.']],
  ['astro', ['check', '--minimumSeverity', 'warning']],
];

const run = ([command, args]) =>
  new Promise((resolve) => {
    const child = spawn(bin(command), args, { env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => resolve({ command, code: 1, output: `${command}: ${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ command, code: code ?? 1, signal, output: Buffer.concat(chunks).toString() }));
  });

const dash = process.argv.indexOf('--');
const beside = dash === -1 ? [] : process.argv.slice(dash + 1);

/** The command beside the checks, its output as it comes; resolves with its exit code. */
const besideRun = ([command, ...args]) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', (error) => {
      process.stderr.write(`${command}: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const [results, besideCode] = await Promise.all([Promise.all(CHECKS.map(run)), beside.length ? besideRun(beside) : Promise.resolve(0)]);
for (const r of results) {
  process.stdout.write(`> ${r.command}\n${r.output}`);
  if (r.code !== 0) process.stderr.write(`${r.command} failed (exit ${r.code}${r.signal ? `, ${r.signal}` : ''})\n`);
}
if (besideCode !== 0) process.stderr.write(`${beside.join(' ')} failed (exit ${besideCode})\n`);
process.exit(results.some((r) => r.code !== 0) || besideCode !== 0 ? 1 : 0);
