/**
 * Link previews (OpenGraph and Twitter cards): what each 1200×630 card shows, and its file. The
 * leaderboard, every tag and the top CARD_MODELS models get a card of their own; every other page
 * shows the site's card. A card's file name carries a hash of everything it shows, so pages know
 * it while Astro renders, the publish step renders each card once (src/publish/cards/), and a card
 * whose inputs did not change is reused from the previous build.
 */
import { createHash } from 'node:crypto';
import { SITE_TITLE } from '../settings/config.ts';
import { formatCount, formatDate } from '../format/format.ts';
import { CARD_DIR } from '../links/output-paths.ts';
import type { Model, SiteData, Tag } from '../data/site-data.ts';
import { cleanText } from '../format/text.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** A model as a card names it. */
export interface CardModel {
  /** "3", or "=3" when shared. */
  rank: string;
  name: string;
  provider: string;
  score: string;
}

interface CardCommon {
  /** The snapshot's date, `2026-11-16`. */
  date: string;
  /** "Data: AI Model Ranking API". */
  attribution: string;
  sample: boolean;
}

export type CardInput = CardCommon &
  (
    | { kind: 'site'; title: string; counts: string }
    | { kind: 'leaderboard'; top: CardModel[]; models: number }
    | { kind: 'tag'; tag: string; top: CardModel | undefined; models: number }
    | { kind: 'model'; model: CardModel; of: number; configurations: number }
  );

export interface Card {
  /** Its path under dist/. */
  file: string;
  input: CardInput;
  /** What the image shows, for `og:image:alt`. */
  alt: string;
}

/** Directional controls and isolates: a card is drawn left to right without a bidi algorithm, so they would show as boxes. */
const DIRECTIONAL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Third-party text as a card shows it: XML-safe, one line, no directional controls. */
export const cardText = (value: string) => cleanText(value).replace(DIRECTIONAL, '').trim();

/** The file of a card: its kind (and segment), and a hash of its inputs. */
export function cardFile(name: string, input: CardInput): string {
  const hash = createHash('sha256').update(JSON.stringify(input)).digest('hex').slice(0, 12);
  return `${CARD_DIR}/${name}-${hash}.png`;
}

const cardModel = (model: Model, rank = model.rankText): CardModel => ({
  rank,
  name: cardText(model.name),
  provider: cardText(model.best.provider),
  score: model.best.scoreText,
});

function common(data: SiteData): CardCommon {
  return { date: formatDate(data.snapshot.generatedAt), attribution: `Data: ${cardText(data.site.attributionName)}`, sample: data.snapshot.sample };
}

const sampleNote = (input: CardCommon) => (input.sample ? ' (fictional sample data)' : '');

/** Every page without a card of its own names this one: made once per snapshot, not once per page. */
const siteCards = new WeakMap<SiteData, Card>();

export function siteCard(data: SiteData): Card {
  let card = siteCards.get(data);
  if (!card) siteCards.set(data, (card = makeSiteCard(data)));
  return card;
}

function makeSiteCard(data: SiteData): Card {
  const input: CardInput = {
    ...common(data),
    kind: 'site',
    title: SITE_TITLE,
    counts: `${formatCount(data.models.length)} models · ${formatCount(data.configurations.length)} configurations · ${formatCount(data.benches.length)} benchmarks`,
  };
  return { file: cardFile('site', input), input, alt: `${SITE_TITLE}: ${input.counts}, snapshot of ${input.date}${sampleNote(input)}` };
}

/** The leaderboard's card: its top three models. */
export function leaderboardCard(data: SiteData): Card {
  const input: CardInput = { ...common(data), kind: 'leaderboard', top: data.models.slice(0, 3).map((m) => cardModel(m)), models: data.models.length };
  const top = input.top.map((m) => `model rank ${m.rank} ${m.name} by ${m.provider}, supraScore ${m.score}`).join('; ');
  return {
    file: cardFile('leaderboard', input),
    input,
    alt: `Leaderboard of ${formatCount(input.models)} models, snapshot of ${input.date}: ${top}${sampleNote(input)}`,
  };
}

/** A tag's card: the best model carrying it (rank among those models), and how many carry it. */
export function tagCard(data: SiteData, tag: Tag): Card {
  const first = tag.modelList[0];
  const input: CardInput = {
    ...common(data),
    kind: 'tag',
    tag: cardText(tag.tag),
    top: first && cardModel(first.model, `${first.rankTied ? '=' : ''}${first.rank}`),
    models: tag.modelList.length,
  };
  const best = input.top ? `best: ${input.top.name} by ${input.top.provider}, supraScore ${input.top.score}` : 'no model carries it';
  return {
    file: cardFile(`tags/${tag.segment}`, input),
    input,
    alt: `Models tagged ${input.tag}: ${formatCount(input.models)}, ${best}, snapshot of ${input.date}${sampleNote(input)}`,
  };
}

/** A model's card, for the models the build's plan gives one (the top CARD_MODELS, as far as the deploy target allows); undefined for the others. */
export function modelCard(data: SiteData, model: Model): Card | undefined {
  if (!model.outputs.card) return undefined;
  const input: CardInput = { ...common(data), kind: 'model', model: cardModel(model), of: data.models.length, configurations: model.configurations.length };
  const m = input.model;
  return {
    file: cardFile(`models/${model.segment}`, input),
    input,
    alt: `${m.name} by ${m.provider}: model rank ${m.rank} of ${formatCount(input.of)}, supraScore ${m.score}, snapshot of ${input.date}${sampleNote(input)}`,
  };
}

/** Every card of the build: the site's, the leaderboard's, each tag's and the top models'. */
export function cardsOf(data: SiteData): Card[] {
  const models = data.models.flatMap((m) => modelCard(data, m) ?? []);
  return [siteCard(data), leaderboardCard(data), ...data.tags.map((t) => tagCard(data, t)), ...models];
}
