/**
 * JSON text for the generated files: one array element (or score entry) per line, so a new
 * snapshot shows up in git as a diff of the rows that changed. Valid JSON, ending with a newline.
 */
import { compareText } from './random.ts';

function arrayBlock(key: string, items: readonly unknown[], last: boolean): string[] {
  const comma = last ? '' : ',';
  if (items.length === 0) return [`  ${JSON.stringify(key)}: []${comma}`];
  return [`  ${JSON.stringify(key)}: [`, ...items.map((item, i) => `    ${JSON.stringify(item)}${i < items.length - 1 ? ',' : ''}`), `  ]${comma}`];
}

export interface ExportLike {
  generatedAt: number;
  /** Marks generated data: the snapshot step records the snapshot as sample data. */
  fictional?: boolean;
  models: readonly unknown[];
  benches: readonly unknown[];
  tags: readonly unknown[];
}

/** `{ generatedAt, models, benches, tags }` with one row per line, in the order given. */
export function serializeExport(e: ExportLike): string {
  return [
    '{',
    `  "generatedAt": ${JSON.stringify(e.generatedAt)},`,
    ...(e.fictional ? ['  "fictional": true,'] : []),
    ...arrayBlock('models', e.models, false),
    ...arrayBlock('benches', e.benches, false),
    ...arrayBlock('tags', e.tags, true),
    '}',
    '',
  ].join('\n');
}

/** The lines of `serializeDetails`, one at a time. */
function* detailsLines(details: Readonly<Record<string, { scores: readonly unknown[] }>>): Generator<string> {
  const slugs = Object.keys(details).sort(compareText);
  yield '{';
  for (const [i, slug] of slugs.entries()) {
    const { scores, ...rest } = details[slug]!;
    const comma = i < slugs.length - 1 ? ',' : '';
    const head = `  ${JSON.stringify(slug)}: ${JSON.stringify({ ...rest, scores: [] }).slice(0, -3)}`;
    if (scores.length === 0) {
      yield `${head}[]}${comma}`;
      continue;
    }
    yield `${head}[`;
    for (const [j, s] of scores.entries()) yield `    ${JSON.stringify(s)}${j < scores.length - 1 ? ',' : ''}`;
    yield `  ]}${comma}`;
  }
  yield '}';
  yield '';
}

/** slug -> detail body, slugs in code-unit order; each body on one line with its score entries one per line. */
export function serializeDetails(details: Readonly<Record<string, { scores: readonly unknown[] }>>): string {
  return [...detailsLines(details)].join('\n');
}

/**
 * The bytes of `serializeDetails`, made a few thousand lines at a time: at 50,000 configurations the
 * text is longer than the longest string V8 allows (about 512 MiB), so it never exists as one string.
 */
export function serializeDetailsBuffer(details: Readonly<Record<string, { scores: readonly unknown[] }>>): Buffer {
  const parts: Buffer[] = [];
  let batch: string[] = [];
  const flush = () => {
    parts.push(Buffer.from((parts.length > 0 ? '\n' : '') + batch.join('\n')));
    batch = [];
  };
  for (const line of detailsLines(details)) {
    batch.push(line);
    if (batch.length === 4096) flush();
  }
  if (batch.length > 0) flush();
  return Buffer.concat(parts);
}
