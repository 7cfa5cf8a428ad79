// The fast tier's two static checks side by side (each takes one core): `prettier --check .` and `astro check`, their
// output printed whole, each after the other, and a non-zero exit when either fails. Plain JavaScript, run by npm test.
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

const results = await Promise.all(CHECKS.map(run));
for (const r of results) {
  process.stdout.write(`> ${r.command}\n${r.output}`);
  if (r.code !== 0) process.stderr.write(`${r.command} failed (exit ${r.code}${r.signal ? `, ${r.signal}` : ''})\n`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
