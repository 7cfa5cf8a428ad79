/** The Atom feed of what changed between snapshots (RFC 4287). */
import { SITE, SITE_TITLE } from './config.ts';
import type { ChangeSet } from './site-data.ts';
import { formatDate, formatScore } from './format.ts';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function summary(c: ChangeSet): string {
  const parts = [`${c.addedCount} new, ${c.removedCount} removed.`];
  if (!c.comparable) parts.push('Ranks are not comparable with the previous snapshot (the supraScore method changed on 2026-09-17).');
  const top = c.movedUp[0];
  if (top) parts.push(`Biggest move up: ${top.name}, #${top.previousPosition} to #${top.position} (${formatScore(top.supraScore)}).`);
  const down = c.movedDown[0];
  if (down) parts.push(`Biggest move down: ${down.name}, #${down.previousPosition} to #${down.position}.`);
  if (c.added[0])
    parts.push(
      `New: ${c.added
        .slice(0, 5)
        .map((a) => a.name)
        .join(', ')}${c.addedCount > 5 ? ', ...' : ''}.`,
    );
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
    <title>${escapeXml(`Snapshot of ${formatDate(c.generatedAt)}: ${c.addedCount} new, ${c.removedCount} removed`)}</title>
    <id>${escapeXml(`${page}#snapshot-${c.generatedAt}`)}</id>
    <link rel="alternate" type="text/html" href="${escapeXml(page)}"/>
    <updated>${new Date(c.generatedAt).toISOString()}</updated>
    <summary>${escapeXml(summary(c))}</summary>
  </entry>`,
  )
  .join('\n')}
</feed>
`;
}
