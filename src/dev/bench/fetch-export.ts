/**
 * The `fetch` stage of the benchmark, run as its own process: GET /v1/export.json with the
 * project's real client and settings, and write the body to `--out PATH`. Reads RANKING_API_URL
 * and RANKING_API_KEY from the environment (the benchmark points them at its simulator).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ApiClient } from '../../api/client.ts';
import { MirrorError } from '../../core/errors.ts';
import { readApiSettings, readClientTuning } from '../../api/settings.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
if (!values.out) {
  console.error('usage: fetch-export.ts --out PATH');
  process.exit(2);
}
const settings = readApiSettings(process.env);
const client = new ApiClient({ ...readClientTuning(process.env), baseUrl: settings.baseUrl, key: settings.key });
try {
  const res = await client.get('/v1/export.json');
  writeFileSync(values.out, res.body);
  console.log(`fetched /v1/export.json: ${res.body.length} bytes`);
} catch (err) {
  console.error(err instanceof MirrorError ? err.toLine() : String(err));
  process.exitCode = err instanceof MirrorError ? err.exitCode : 1;
} finally {
  await client.close();
}
