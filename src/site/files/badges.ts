/**
 * Rank badges for a model's README: `/models/{model}/badge.svg`, drawn in the flat style of shields.io,
 * and `/models/{model}/badge.json`, a shields.io endpoint (https://shields.io/badges/endpoint-badge) for
 * those who prefer shields' own rendering. Both say the model rank, the supraScore, that it is
 * relative to the current top 10, and the snapshot's date; they change with every snapshot.
 */
import { formatCount, formatDate } from '../format/format.ts';
import type { Model, SiteData } from '../data/site-data.ts';
import { fontMeasure, INTER_REGULAR, type Measure } from './font-metrics.ts';
import { xmlText } from './xml.ts';

export interface BadgeFacts {
  name: string;
  /** "3", or "=3" when shared. */
  rankText: string;
  rank: number;
  /** Models in the snapshot. */
  of: number;
  scoreText: string;
  generatedAt: number;
  sample: boolean;
}

/** Seconds a badge may be cached: it changes with each daily snapshot (the same as `_headers`). */
export const BADGE_MAX_AGE = 3600;
export const BADGE_LABEL = 'model rank';
export const BADGE_HEIGHT = 20;
export const BADGE_FONT_SIZE = 11;
/** Space on each side of a text in its box. */
export const BADGE_PADDING = 6;

/** "3 of 177 · supraScore 87.4 vs top 10 · 2026-11-16". */
export function badgeMessage(f: BadgeFacts): string {
  return `${f.rankText} of ${formatCount(f.of)} · supraScore ${f.scoreText} vs top 10 · ${formatDate(f.generatedAt)}${f.sample ? ' · sample data' : ''}`;
}

/** The sentence a screen reader and a tooltip give. */
export function badgeTitle(f: BadgeFacts): string {
  return `${f.name}: model rank ${f.rankText} of ${formatCount(f.of)}, supraScore ${f.scoreText} (expected win rate against the current top 10), snapshot of ${formatDate(f.generatedAt)}${f.sample ? ' (fictional sample data)' : ''}`;
}

/** shields.io's named colors: the top 10, the top 100, the rest. */
export function badgeColor(rank: number): { name: string; hex: string } {
  if (rank <= 10) return { name: 'brightgreen', hex: '#4c1' };
  if (rank <= 100) return { name: 'green', hex: '#97ca00' };
  return { name: 'blue', hex: '#007ec6' };
}

/** The shields.io endpoint: exactly the keys shields accepts (it refuses unknown ones). */
export function badgeEndpoint(f: BadgeFacts): { schemaVersion: 1; label: string; message: string; color: string; cacheSeconds: number } {
  return { schemaVersion: 1, label: BADGE_LABEL, message: badgeMessage(f), color: badgeColor(f.rank).name, cacheSeconds: BADGE_MAX_AGE };
}

/** A box of text: its x, width, and the text fitted to it. */
export interface BadgeBox {
  x: number;
  width: number;
  textLength: number;
  text: string;
}

/** The two boxes of a badge; `measure` gives a text's width in pixels at a font size. */
export function badgeLayout(f: BadgeFacts, measure: (text: string, fontSize: number) => number): [BadgeBox, BadgeBox] {
  const box = (text: string, x: number): BadgeBox => {
    const textLength = Math.ceil(measure(text, BADGE_FONT_SIZE) * 10) / 10;
    return { x, width: Math.ceil(textLength) + 2 * BADGE_PADDING, textLength, text };
  };
  const label = box(BADGE_LABEL, 0);
  return [label, box(badgeMessage(f), label.width)];
}

/** What a model's badge says, as its page and the badge itself say it. */
export const badgeFacts = (data: SiteData, model: Model): BadgeFacts => ({
  name: model.name,
  rankText: model.rankText,
  rank: model.rank,
  of: data.models.length,
  scoreText: model.best.scoreText,
  generatedAt: data.snapshot.generatedAt,
  sample: data.snapshot.sample,
});

let interMeasure: Measure | undefined;
/** A badge's width in pixels, as its SVG draws it: a page gives its `<img>` this width, so nothing moves when it loads. */
export function badgeWidth(f: BadgeFacts): number {
  const [label, message] = badgeLayout(f, (interMeasure ??= fontMeasure(INTER_REGULAR)));
  return label.width + message.width;
}

/**
 * The SVG badge. Each text is drawn at its measured width (`textLength`), so it fills its box in
 * whatever font the viewer has. Every string is escaped; the attribution is in its description.
 */
export function badgeSvg(
  f: BadgeFacts,
  measure: (text: string, fontSize: number) => number,
  attribution: { attributionName: string; attributionUrl: string },
): string {
  const [label, message] = badgeLayout(f, measure);
  const width = label.width + message.width;
  const title = xmlText(badgeTitle(f));
  const text = (b: BadgeBox) => {
    const x = (b.x + b.width / 2).toFixed(1);
    const attrs = `x="${x}" textLength="${b.textLength}" lengthAdjust="spacingAndGlyphs"`;
    return `<text ${attrs} y="15" fill="#010101" fill-opacity=".3" aria-hidden="true">${xmlText(b.text)}</text><text ${attrs} y="14">${xmlText(b.text)}</text>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${BADGE_HEIGHT}" viewBox="0 0 ${width} ${BADGE_HEIGHT}" role="img" aria-label="${title}">
<title>${title}</title>
<desc>${xmlText(`Data from ${attribution.attributionName} (${attribution.attributionUrl})`)}</desc>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="${width}" height="${BADGE_HEIGHT}" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${label.width}" height="${BADGE_HEIGHT}" fill="#555"/><rect x="${message.x}" width="${message.width}" height="${BADGE_HEIGHT}" fill="${badgeColor(f.rank).hex}"/><rect width="${width}" height="${BADGE_HEIGHT}" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Inter,Verdana,Geneva,DejaVu Sans,sans-serif" font-size="${BADGE_FONT_SIZE}">${text(label)}${text(message)}</g>
</svg>
`;
}
