/**
 * The likely ranges of the bench's build with details, held against the generated field's truth
 * (src/dev/sample/truth.ts: the model rank each model would have with every benchmark scored), as
 * `npm run calibrate` holds its fields' (score-field.ts): read from the site's `data/models.json` as
 * a visitor downloads it, each model's first record (its best configuration) with its likely model
 * rank and rank set. So the bench's field is checked, not only timed, wherever its truth is made.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Published } from '../calibrate/publish-field.ts';
import { modelsOf } from '../calibrate/read-published.ts';
import { scoreField, type FieldScore, type ReadModel } from '../calibrate/score-field.ts';
import type { GenerateOptions } from '../sample/generate.ts';
import { generatedTruth } from '../sample/truth.ts';

export interface RangesCheck {
  line: string;
  score?: FieldScore;
}

const pct = (held: number, of: number) => `${((100 * held) / of).toFixed(1)} %`;

/** The published models of a built site: each model's first record in its models.json. */
export function publishedModels(distDir: string): ReadModel[] {
  return modelsOf((JSON.parse(readFileSync(join(distDir, 'data', 'models.json'), 'utf8')) as Pick<Published, 'models'>).models);
}

/** The site in `distDir`, built from the field `options` generates, held against that field's truth; one line of the report either way. */
export function rangesAgainstTruth(distDir: string, options: GenerateOptions): RangesCheck {
  const head = 'likely ranges against the generated field’s truth (every benchmark scored)';
  const truth = generatedTruth(options);
  if (typeof truth === 'string') return { line: `${head}: not checked: ${truth}` };
  const models = publishedModels(distDir);
  if (!models.some((m) => m.likely)) return { line: `${head}: not checked: the site shows no likely ranges (evidence.json says why)` };
  const score = scoreField({ models, pages: [] }, truth);
  const { marginal: c } = score;
  const width = c.all.ranges ? (c.all.width / c.all.ranges).toFixed(1) : '–';
  const thirds = (['top third', 'middle third', 'bottom third'] as const).map((g) => (c[g].ranges ? pct(c[g].held, c[g].ranges) : '–')).join(' / ');
  const top = c['top 20'].ranges ? `${pct(c['top 20'].held, c['top 20'].ranges)} of ${c['top 20'].ranges}` : '–';
  return {
    line: `${head}: ${pct(c.all.held, c.all.ranges)} of ${c.all.ranges.toLocaleString('en-US')} held (thirds ${thirds}, top 20 ${top}); true rank better ${c.all.better}, worse ${c.all.worse}; mean width ${width} places of ${models.length.toLocaleString('en-US')}; every rank set held: ${score.jointFields ? (score.jointHeld ? 'yes' : 'no') : 'no sets'}`,
    score,
  };
}
