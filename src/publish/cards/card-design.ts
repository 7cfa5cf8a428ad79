/**
 * How a link-preview card looks, as satori element trees: a frame (the site's name above, the
 * snapshot's date and the attribution below), the same on every card of a build, and a body per
 * card in the band between them. Every text that may be long sits in a box of fixed width that
 * ends it with an ellipsis where it overflows, measured by satori's own layout with the card's
 * font; a long name first steps down in size.
 */
import { CARD_HEIGHT, CARD_WIDTH, type CardInput, type CardModel } from '../../site/files/cards.ts';
import type { Measure } from '../../site/files/font-metrics.ts';

export interface Element {
  type: string;
  props: { style?: Record<string, unknown>; children?: (Element | string)[] | Element | string };
}

const h = (style: Record<string, unknown>, ...children: (Element | string | false | undefined)[]): Element => {
  const kept = children.filter((c): c is Element | string => c !== false && c !== undefined);
  return { type: 'div', props: { style: { display: 'flex', ...style }, children: kept.length === 1 ? kept[0] : kept } };
};

export const PADDING = 64;
/** The width every line of text has at most. */
export const CONTENT_WIDTH = CARD_WIDTH - 2 * PADDING;
/** The band of the card a body is drawn in; the frame's header is above it, its footer below. */
export const BODY_TOP = 120;
export const BODY_BOTTOM = 500;
export const BODY_HEIGHT = BODY_BOTTOM - BODY_TOP;

export const INK = '#f8fafc';
const MUTED = '#94a3b8';
const ACCENT = '#7dd3fc';
export const BACKGROUND = '#0f172a';
const RULE = '#334155';

/** One line of text in a box `width` wide, ended with an ellipsis when it does not fit. */
export const line = (text: string, style: Record<string, unknown>, width: number = CONTENT_WIDTH): Element =>
  h({ width, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', ...style }, text);

/** The largest of `sizes` at which `text` fits `width`; the smallest when none does (then the ellipsis ends it). */
export function fittingSize(text: string, width: number, sizes: readonly number[], measure: Measure): number {
  return sizes.find((size) => measure(text, size) <= width) ?? sizes.at(-1)!;
}

/** What every card of a build shares. */
export type FrameInput = Pick<CardInput, 'date' | 'attribution' | 'sample'>;

/** The whole card with an empty band for the body. */
export function frameElement(input: FrameInput): Element {
  return h(
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      boxSizing: 'border-box',
      padding: PADDING,
      flexDirection: 'column',
      backgroundColor: BACKGROUND,
      color: INK,
      fontFamily: 'Inter',
    },
    h(
      { justifyContent: 'space-between', alignItems: 'center', width: CONTENT_WIDTH, height: 40 },
      h({ fontSize: 28, color: MUTED, fontWeight: 700 }, 'Model Rankings Mirror'),
      input.sample && h({ fontSize: 22, color: BACKGROUND, backgroundColor: '#fbbf24', padding: '4px 14px', borderRadius: 8, fontWeight: 700 }, 'SAMPLE DATA'),
    ),
    h(
      { marginTop: 'auto', justifyContent: 'space-between', borderTop: `2px solid ${RULE}`, paddingTop: 20, fontSize: 24, color: MUTED, width: CONTENT_WIDTH },
      h({}, `Snapshot of ${input.date}`),
      line(input.attribution, { justifyContent: 'flex-end' }, 640),
    ),
  );
}

const score = (value: string) =>
  h({ alignItems: 'baseline', marginTop: 32 }, h({ fontSize: 30, color: MUTED, marginRight: 16 }, 'supraScore'), h({ fontSize: 64, fontWeight: 700 }, value));

function modelBody(input: Extract<CardInput, { kind: 'model' }>, measure: Measure): Element[] {
  const m = input.model;
  return [
    h({ fontSize: 30, color: ACCENT, fontWeight: 700 }, `MODEL RANK ${m.rank} OF ${input.of.toLocaleString('en-US')}`),
    line(m.name, { fontSize: fittingSize(m.name, CONTENT_WIDTH, [80, 64, 52], measure), fontWeight: 700, marginTop: 12 }),
    line(`by ${m.provider}`, { fontSize: 36, color: MUTED, marginTop: 8 }),
    score(m.score),
  ];
}

function row(m: CardModel): Element {
  return h(
    { alignItems: 'baseline', marginTop: 18 },
    h({ width: 90, fontSize: 40, color: ACCENT, fontWeight: 700 }, m.rank),
    line(m.name, { fontSize: 40, fontWeight: 700 }, 560),
    line(m.provider, { fontSize: 30, color: MUTED, marginLeft: 20 }, 260),
    h({ width: 142, justifyContent: 'flex-end', fontSize: 40, fontWeight: 700 }, m.score),
  );
}

function leaderboardBody(input: Extract<CardInput, { kind: 'leaderboard' }>): Element[] {
  return [
    h({ fontSize: 64, fontWeight: 700 }, 'Leaderboard'),
    h({ fontSize: 26, color: MUTED, marginTop: 4, marginBottom: 8 }, `${input.models.toLocaleString('en-US')} models by model rank, with their supraScore`),
    ...input.top.map(row),
  ];
}

function tagBody(input: Extract<CardInput, { kind: 'tag' }>, measure: Measure): Element[] {
  const title = `Best at ${input.tag}`;
  const body: Element[] = [
    h(
      { fontSize: 30, color: ACCENT, fontWeight: 700 },
      `TAG · ${input.models.toLocaleString('en-US')} ${input.models === 1 ? 'MODEL CARRIES' : 'MODELS CARRY'} IT`,
    ),
    line(title, { fontSize: fittingSize(title, CONTENT_WIDTH, [72, 56, 44], measure), fontWeight: 700, marginTop: 12 }),
  ];
  if (!input.top) return [...body, h({ fontSize: 34, color: MUTED, marginTop: 20 }, 'No model carries it in this snapshot.')];
  const lead = `Rank ${input.top.rank} among them:`;
  return [
    ...body,
    h(
      { alignItems: 'baseline', marginTop: 20 },
      h({ fontSize: 34, color: MUTED, marginRight: 14 }, lead),
      line(input.top.name, { fontSize: 44, fontWeight: 700 }, CONTENT_WIDTH - 14 - Math.ceil(measure(lead, 34))),
    ),
    line(`by ${input.top.provider}`, { fontSize: 30, color: MUTED, marginTop: 4 }),
    score(input.top.score),
  ];
}

function siteBody(input: Extract<CardInput, { kind: 'site' }>): Element[] {
  return [
    h({ fontSize: 76, fontWeight: 700 }, input.title),
    h({ fontSize: 34, color: MUTED, marginTop: 16 }, 'AI models ranked by supraScore: the expected win rate against the current top 10.'),
    h({ fontSize: 32, color: ACCENT, fontWeight: 700, marginTop: 36 }, input.counts),
  ];
}

/** The body of a card: the band from BODY_TOP to BODY_BOTTOM, its content centred in it. */
export function bodyElement(input: CardInput, measure: Measure): Element {
  const content =
    input.kind === 'model'
      ? modelBody(input, measure)
      : input.kind === 'leaderboard'
        ? leaderboardBody(input)
        : input.kind === 'tag'
          ? tagBody(input, measure)
          : siteBody(input);
  return h(
    {
      width: CARD_WIDTH,
      height: BODY_HEIGHT,
      boxSizing: 'border-box',
      padding: `0 ${PADDING}px`,
      flexDirection: 'column',
      justifyContent: 'center',
      backgroundColor: BACKGROUND,
      color: INK,
      fontFamily: 'Inter',
    },
    ...content,
  );
}
