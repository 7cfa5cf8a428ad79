/**
 * A real process that bulk-imports three days of the fixture into the snapshot file it is given
 * (`node test/helpers/import-history-child.ts OUT`), for the tests that kill a write.
 */
import { validateExport } from '../../src/api/validate.ts';
import { importHistory } from '../../src/store/import-history.ts';
import { fixtureExport, GENERATED_AT } from './fixture.ts';

const DAY = 86_400_000;
const out = process.argv[2];
if (!out) throw new Error('usage: import-history-child.ts OUT');
const days = [2, 1, 0].map((n) => GENERATED_AT - n * DAY);
importHistory(
  out,
  days.map((at) => ({
    data: validateExport(fixtureExport({ hostile: false, generatedAt: at })),
    meta: { fetchedAt: at, source: 'file' as const, sample: false, bodySha256: `import-${at}`, partial: false },
  })),
  365,
);
