/** The Atom feed of what changed between snapshots (RFC 4287): one entry per snapshot, linking to its entry on the changes page. */
import { describeReason } from './change-reasons.ts';
import { SITE, SITE_TITLE } from './config.ts';
import type { ChangeSet, ModelChange } from './site-data.ts';
import { formatDate } from './format.ts';
import { scorePair } from './precision.ts';
import { formatRank, RANK_LABEL } from './ranks.ts';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function move(m: ModelChange): string {
  const [before, after] = scorePair(m.previousScore ?? m.supraScore, m.supraScore);
  return `${m.name}, ${RANK_LABEL.model} ${formatRank(m.previousRank ?? m.rank)} to ${formatRank(m.rank)}${before !== after ? ` (supraScore ${before} to ${after})` : ''}: ${describeReason(m.reason, formatDate)}`;
}

function summary(c: ChangeSet): string {
  const { models } = c;
  const parts = [`Models: ${models.addedCount} new, ${models.removedCount} removed${c.comparable ? `, ${models.movedCount} moved in model rank` : ''}.`];
  if (!c.comparable) parts.push('Ranks are not comparable with the previous snapshot (the supraScore method changed on 2026-09-17).');
  if (models.movedUp[0]) parts.push(`Biggest move up: ${move(models.movedUp[0])}`);
  if (models.movedDown[0]) parts.push(`Biggest move down: ${move(models.movedDown[0])}`);
  if (models.added[0])
    parts.push(
      `New: ${models.added
        .slice(0, 5)
        .map((a) => a.name)
        .join(', ')}${models.addedCount > 5 ? ', ...' : ''}.`,
    );
  if (models.removed[0])
    parts.push(
      `Removed: ${models.removed
        .slice(0, 5)
        .map((r) => `${r.name} (last ${RANK_LABEL.model} ${formatRank(r.rank)})`)
        .join(', ')}${models.removedCount > 5 ? ', ...' : ''}.`,
    );
  parts.push(`Configurations: ${c.addedCount} new, ${c.removedCount} removed${c.comparable ? `, ${c.movedCount} moved in configuration rank` : ''}.`);
  return parts.join(' ');
}

export function changesFeed(changes: readonly ChangeSet[], attribution: { name: string; url: string }): string {
  const page = new URL('changes/', SITE.siteUrl).href;
  const self = new URL('changes/feed.xml', SITE.siteUrl).href;
  const entries = changes.filter((c) => c.previousGeneratedAt !== undefined);
  const updated = new Date(changes[0]?.generatedAt ?? 0).toISOString();
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${escapeXml(`${SITE_TITLE}: what changed`)}</title>
  <id>${escapeXml(self)}</id>
  <link rel="self" href="${escapeXml(self)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(page)}"/>
  <updated>${updated}</updated>
  <author><name>${escapeXml(SITE_TITLE)}</name></author>
  <rights>${escapeXml(`Data from ${attribution.name} (${attribution.url})`)}</rights>
${entries
  .map(
    (c) => `  <entry>
    <title>${escapeXml(`Snapshot of ${formatDate(c.generatedAt)}: ${c.models.addedCount} new, ${c.models.removedCount} removed, ${c.comparable ? `${c.models.movedCount} moved` : 'not comparable'} (models)`)}</title>
    <id>${escapeXml(`${page}#${c.anchor}`)}</id>
    <link rel="alternate" type="text/html" href="${escapeXml(`${page}#${c.anchor}`)}"/>
    <updated>${new Date(c.generatedAt).toISOString()}</updated>
    <summary>${escapeXml(summary(c))}</summary>
  </entry>`,
  )
  .join('\n')}
</feed>
`;
}
