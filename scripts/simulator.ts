/**
 * Starts the v1 API simulator on loopback with the sample data and prints its URL and one demo key
 * per tier (public test keys, so printing them is fine).
 *
 *   npm run simulator -- [--export data/sample/export.json] [--details data/sample/details.json] [--port 8787]
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { demoKey, startSimulator, TIERS, type KeySpec } from '../src/dev/simulator/index.ts';

const DEFAULT_EXPORT = 'data/sample/export.json';
const DEFAULT_DETAILS = 'data/sample/details.json';

function usage(message: string): never {
  console.error(`error: ${message}`);
  console.error('usage: npm run simulator -- [--export PATH] [--details PATH] [--port N]');
  process.exit(2);
}

/** details.json is either `{ slug: detail }` or an array of details carrying their `slug`. */
function readDetails(path: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (Array.isArray(parsed)) {
    return Object.fromEntries(parsed.filter((d): d is { slug: string } => typeof d?.slug === 'string').map((d) => [d.slug, d]));
  }
  if (typeof parsed === 'object' && parsed !== null) return parsed as Record<string, unknown>;
  throw new Error('not a JSON object or array');
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { export: { type: 'string' }, details: { type: 'string' }, port: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    usage((err as Error).message);
  }
  const exportPath = values.export ?? DEFAULT_EXPORT;
  const port = Number(values.port ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) usage(`--port must be 0-65535, got "${values.port}"`);

  if (!existsSync(exportPath)) {
    usage(
      values.export
        ? `the export file ${exportPath} does not exist`
        : `the sample export ${exportPath} does not exist yet; generate data/sample/ first or pass --export PATH`,
    );
  }
  const detailsPath = values.details ?? DEFAULT_DETAILS;
  let details: Record<string, unknown> | undefined;
  if (existsSync(detailsPath)) {
    try {
      details = readDetails(detailsPath);
    } catch (err) {
      usage(`cannot read ${detailsPath}: ${(err as Error).message}`);
    }
  } else if (values.details) {
    usage(`the details file ${detailsPath} does not exist`);
  }

  const keys: Record<string, KeySpec> = Object.fromEntries(TIERS.map((tier) => [demoKey(tier), { tier }]));
  const simulator = await startSimulator({ exportBody: readFileSync(exportPath), details, keys, port });

  console.log(`v1 API simulator serving ${exportPath} at ${simulator.url}`);
  if (!details) console.log(`(no ${detailsPath}: model details are synthesized from the summaries, with no scores)`);
  console.log('demo keys (public test keys):');
  for (const tier of TIERS) console.log(`  ${tier.padEnd(10)} ${demoKey(tier)}`);
  console.log(`try: curl -H "Authorization: Bearer ${demoKey('partner')}" ${simulator.url}/v1/tags`);
  console.log('Ctrl-C to stop.');

  const stop = (signal: string) => {
    console.log(`\n${signal}: stopping the simulator`);
    void simulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`error: the simulator could not start: ${(err as Error).message ?? String(err)}`);
  process.exit(1);
});
