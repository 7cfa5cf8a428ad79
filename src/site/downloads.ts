/**
 * The download files: every one names the data source (attribution) and the snapshot's
 * generatedAt, as the API's terms ask of republished data.
 */
import { SITE } from './config.ts';
import type { Bench, Configuration, SiteData, Tag } from './site-data.ts';

export function attribution(data: SiteData) {
  return {
    source: SITE.attributionName,
    sourceUrl: SITE.attributionUrl,
    attribution: `Data from ${SITE.attributionName} (${SITE.attributionUrl}). Please keep this attribution when you republish it.`,
    generatedAt: new Date(data.snapshot.generatedAt).toISOString(),
    fetchedAt: new Date(data.snapshot.fetchedAt).toISOString(),
    sample: data.snapshot.sample,
    partial: data.snapshot.partial,
  };
}

export const modelRecord = (c: Configuration) => ({
  slug: c.slug,
  name: c.name,
  provider: c.provider,
  familyTag: c.familyTag,
  supraScore: c.supraScore,
  rank: c.position,
  benchCount: c.benchCount,
  updatedAt: c.updatedAt,
  tags: c.tags,
});

export const benchRecord = (b: Bench) => ({
  slug: b.slug,
  name: b.name,
  description: b.description,
  url: b.url,
  isOfficial: b.isOfficial,
  scaleMin: b.scaleMin,
  scaleMax: b.scaleMax,
  qualityScore: b.qualityScore,
  dimensions: Object.fromEntries(b.dimensions),
  modelCount: b.modelCount,
  raterCount: b.raterCount,
  effectiveWeight: b.effectiveWeight,
  tags: b.tags,
});

export const tagRecord = (t: Tag) => ({ tag: t.tag, models: t.models, benches: t.benches });

export function jsonFile(data: SiteData, key: string, rows: unknown[]): Response {
  return new Response(JSON.stringify({ ...attribution(data), [key]: rows }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/** A CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function modelsCsv(data: SiteData): string {
  const a = attribution(data);
  const header = ['rank', 'slug', 'name', 'provider', 'familyTag', 'supraScore', 'benchCount', 'updatedAt', 'tags'];
  const lines = [
    `# ${a.attribution}`.replace(/[\r\n]+/g, ' '),
    `# generatedAt ${a.generatedAt}${a.sample ? ' (sample data)' : ''}`,
    header.join(','),
    ...data.configurations.map((c) =>
      [c.position, c.slug, c.name, c.provider, c.familyTag, c.supraScore, c.benchCount, new Date(c.updatedAt).toISOString(), c.tags.join(' ')]
        .map(csvField)
        .join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
