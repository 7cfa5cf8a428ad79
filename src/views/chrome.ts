/**
 * The markup every page repeats: its head, the header's brand and navigation, the banners, the
 * footer, and the movement legend and coverage note of model and configuration pages. Made with the
 * `html` tag (every value escaped) rather than as Astro expressions, because at 25,000 pages Astro's
 * per-expression and per-attribute work on identical markup was a measurable part of the build;
 * what is the same on every page of a snapshot is made once.
 */
import { CARD_HEIGHT, CARD_WIDTH, type Card } from '../site/files/cards.ts';
import { METHOD_CHANGE_AT, SITE_TITLE } from '../site/settings/config.ts';
import { formatCount, formatDate, formatDateTime, isoTime, plural } from '../site/format/format.ts';
import { href } from '../site/links/links.ts';
import { SEARCH_LABEL } from '../site/format/search.ts';
import type { Section, SiteShell } from '../site/routes/shell.ts';
import { html, type Markup } from './parts/html.ts';

const NAV: readonly { id: Section; label: string; path: string }[] = [
  { id: 'leaderboard', label: 'Leaderboard', path: '/' },
  { id: 'benchmarks', label: 'Benchmarks', path: '/benchmarks/' },
  { id: 'tags', label: 'Tags', path: '/tags/' },
  { id: 'compare', label: 'Compare', path: '/compare/' },
  { id: 'changes', label: 'Changes', path: '/changes/' },
  { id: 'about', label: 'About', path: '/about/' },
];

/** What a page says of itself to the layout (src/layouts/Base.astro), beside its view: a page of a kind has its view's module make it. */
export interface PageHead {
  /** The page's path under the site, for canonical and OpenGraph URLs. */
  path: string;
  /** Page title; the site name is appended. */
  title?: string;
  description?: string;
  /** Which top-level section the page belongs to, for aria-current. */
  section?: Section | undefined;
  /** The page's link-preview card; the site's card when it has none of its own. */
  card?: Card | undefined;
  /** The Atom feed of this page's own changes, announced beside the site-wide one. */
  feed?: { href: string; title: string } | undefined;
}

export interface HeadFields {
  /** The `<title>`, with the site's name. */
  fullTitle: string;
  /** The page's own title for link previews. */
  title: string;
  /** Cut for search results and link previews. */
  summary: string;
  /** Absolute; undefined for a page that is no address of its own. */
  canonical: string | undefined;
  /** Absolute URL of the link-preview image. */
  cardUrl: string;
  card: Card;
  feed?: { href: string; title: string } | undefined;
}

/**
 * The head's elements after the charset and viewport, which Astro must see in the layout itself.
 * What previews need and nothing they can do without: `og:type` defaults to website, the image's
 * type is in its file name, and the stylesheet sets the colour scheme.
 */
export function headHtml(f: HeadFields): Markup {
  return html`<title>${f.fullTitle}</title><meta name="description" content="${f.summary}" />${
      f.canonical !== undefined && html`<link rel="canonical" href="${f.canonical}" />`
    }<meta property="og:site_name" content="${SITE_TITLE}" /><meta property="og:title" content="${f.title}" /><meta
      property="og:description"
      content="${f.summary}"
    />${f.canonical !== undefined && html`<meta property="og:url" content="${f.canonical}" />`}<meta property="og:image" content="${f.cardUrl}" /><meta
      property="og:image:width"
      content="${CARD_WIDTH}"
    /><meta property="og:image:height" content="${CARD_HEIGHT}" /><meta property="og:image:alt" content="${f.card.alt}" /><meta
      name="twitter:card"
      content="summary_large_image"
    />${ICONS}${f.feed && html`<link rel="alternate" type="application/atom+xml" title="${f.feed.title}" href="${f.feed.href}" />`}`;
}

/** The icons and the site-wide feed: the same on every page. */
const ICONS = html`<link rel="icon" href="${href('/favicon.ico')}" sizes="32x32" /><link rel="icon" href="${href('/favicon.svg')}" type="image/svg+xml" /><link
    rel="alternate"
    type="application/atom+xml"
    title="What changed between snapshots"
    href="${href('/changes/feed.xml')}"
  />`;

/**
 * The search box: a plain form, so Enter (or no JavaScript) filters the leaderboard with `/?q=`;
 * src/browser/search.ts adds the list of matching pages under it as a visitor types.
 */
const SEARCH_FORM = html`<form
  class="site-search"
  role="search"
  aria-label="${SEARCH_LABEL}"
  action="${href('/')}"
  method="get"
  data-site-search
  data-pagefind-url="${href('/pagefind/')}"
>
  <label for="site-q" class="visually-hidden">${SEARCH_LABEL}</label
  ><input id="site-q" name="q" type="search" placeholder="Search models, benchmarks, tags" autocomplete="off" /><button class="button" type="submit">
    Search
  </button>
</form>`;

const time = (ms: number) => html`<time datetime="${isoTime(ms)}">${formatDate(ms)}</time>`;

/** Everything here that is the same on every page of one snapshot, made once per snapshot. */
interface Chrome {
  /** The header's brand and navigation, by the page's section. */
  top: Map<Section | undefined, Markup>;
  banners: Markup;
  footer: Markup;
  /** The movement legend of the snapshot's movement, and of a model's recent changes (`each`). */
  legend: { snapshot: Markup; each: Markup };
  coverage: Markup;
}
const made = new WeakMap<SiteShell, Chrome>();

function makeChrome(snapshot: SiteShell): Chrome {
  const banner = (text: Markup) => html`<div class="banner" role="note"><p class="wrap">${text}</p></div>`;
  const sections: (Section | undefined)[] = [undefined, ...NAV.map((item) => item.id)];
  return {
    top: new Map(sections.map((section) => [section, makeHeaderTop(section)])),
    banners: html`${
      snapshot.sample &&
      banner(
        html`<strong>Sample data.</strong> This site shows fictional sample data, not live rankings. <a href="${href('/about/#sample')}">What this means</a>`,
      )
    }${
      snapshot.partial &&
      banner(
        html`<strong>Partial snapshot.</strong> Built from the list endpoints (at most 500 configurations and 500 benchmarks), not the full export.
          <a href="${href('/about/#partial')}">Why</a>`,
      )
    }${!snapshot.sample && makeStaleNotice(snapshot)}`,
    footer: html`<footer id="site-footer" class="site-footer">
      <div class="wrap">
        <p>
          Data: <a href="${snapshot.site.attributionUrl}" rel="external">${snapshot.site.attributionName}</a> · Snapshot of
          <time datetime="${isoTime(snapshot.generatedAt)}">${formatDateTime(snapshot.generatedAt)}</time>${snapshot.sample && ' (sample data)'}
        </p>
        <p>
          <a href="${href('/about/')}">About this mirror</a> · <a href="${href('/data/')}">Downloads</a> (CSV, JSON) ·
          <a href="${href('/changes/feed.xml')}">Atom feed</a>
        </p>
      </div>
    </footer>`,
    legend: { snapshot: makeMovementLegend(snapshot, false), each: makeMovementLegend(snapshot, true) },
    coverage: makeCoverageNote(snapshot),
  };
}

/**
 * Rendered on every page and shown only once the page's script (src/browser/stale-notice.js) finds
 * the visitor's clock past the moment written into <html data-stale-after> (the shell's staleAfter). Not on
 * the fictional sample, whose date is fixed.
 */
function makeStaleNotice(snapshot: SiteShell): Markup {
  return html`<div class="banner stale-notice" role="note">
    <p class="wrap">
      <strong>Possibly out of date.</strong> This copy holds the rankings of
      <time datetime="${isoTime(snapshot.generatedAt)}">${formatDateTime(snapshot.generatedAt)}</time> and has not been refreshed since, though the mirror
      refreshes daily. <a href="${snapshot.site.attributionUrl}" rel="external">The source</a> has the current rankings.
    </p>
  </div>`;
}

function chromeOf(shell: SiteShell): Chrome {
  let chrome = made.get(shell);
  if (!chrome) made.set(shell, (chrome = makeChrome(shell)));
  return chrome;
}

function makeHeaderTop(section: Section | undefined): Markup {
  const items = NAV.map((item) => html`<li><a href="${href(item.path)}" ${section === item.id && html` aria-current="page"`}>${item.label}</a></li>`);
  // The brand's mark is the favicon, drawn by the stylesheet in the text's colour. On a phone the
  // navigation and the search box fold behind one button, so the header takes one line.
  return html`<a class="brand" href="${href('/')}">${SITE_TITLE}</a>
    <details class="fold menu">
      <summary class="button">Menu</summary>
      <div class="menu-body">
        <nav class="site-nav" aria-label="Main">
          <ul>
            ${items}
          </ul>
        </nav>
        ${SEARCH_FORM}
      </div>
    </details>`;
}

function makeMovementLegend({ previous }: SiteShell, each: boolean): Markup {
  const since = previous?.generatedAt;
  let body: Markup | string;
  if (!each && since === undefined) body = 'Rank movement (▲ ▼) appears once the mirror holds a previous snapshot to compare with.';
  else if (!each && !previous?.comparable)
    body = html`No rank movement is shown: the previous snapshot (${time(since!)}) predates the ${formatDate(METHOD_CHANGE_AT)} method change.`;
  else {
    // Each marker with an example; a model's recent changes show only moves, and "new" is not a marker there.
    const moves = [
      { kind: 'up', mark: '▲2', means: 'up 2 places' },
      { kind: 'down', mark: '▼1', means: 'down 1' },
      ...(each ? [] : [{ kind: 'same', mark: '–', means: 'unchanged' }]),
    ];
    const keys = moves.map(
      (k, i) =>
        html` <span class="key"
          ><span class="movement ${k.kind}" aria-hidden="true">${k.mark}</span> ${k.means}${each && i === moves.length - 1 ? '.' : ','}</span
        >`,
    );
    body = html`${each ? 'Model rank against the snapshot before each one:' : html`Model rank since the snapshot of ${time(since!)}:`}${keys}${
      !each && html` <span class="key"><span class="movement new">new</span>: not in that snapshot.</span>`
    }`;
  }
  return html`<p class="legend">${body}</p>`;
}

/** The snapshot holds no per-benchmark scores at all: the coverage note says so, and a page need not say it again of its own. */
export function noScoresInSnapshot({ coverage }: SiteShell): boolean {
  const { withDetails, oldestFetchedAt, newestFetchedAt } = coverage;
  return withDetails === 0 || oldestFetchedAt === null || newestFetchedAt === null;
}

function makeCoverageNote(shell: SiteShell): Markup {
  const { withDetails, configurations, oldestFetchedAt, newestFetchedAt, olderThan7Days, olderThan30Days } = shell.coverage;
  const ages = olderThan7Days > 0 && ` (${formatCount(olderThan7Days)} fetched over 7 days before this snapshot, ${formatCount(olderThan30Days)} over 30)`;
  const body = noScoresInSnapshot(shell)
    ? 'The mirror has no per-benchmark scores in this snapshot yet: the bulk export leaves them out, and the mirror fetches them a few each day.'
    : html`Per-benchmark scores for ${formatCount(withDetails)} of ${plural(configurations, 'configuration')}${ages}, fetched between ${time(oldestFetchedAt!)}
      and ${time(newestFetchedAt!)}.`;
  return html`<p class="meta coverage">${body}</p>`;
}

/** The header's brand link, main navigation (with `aria-current` on the page's section) and search box. */
export const headerTopHtml = (shell: SiteShell, section: Section | undefined) => chromeOf(shell).top.get(section)!;

/** The sample and partial-snapshot banners under the header (empty for a full, live snapshot). */
export const bannersHtml = (shell: SiteShell) => chromeOf(shell).banners;

/** The footer with the attribution link the API's terms require on every page. */
export const footerHtml = (shell: SiteShell) => chromeOf(shell).footer;

/**
 * What the movement markers (▲ ▼ – new) beside model ranks mean, and since when: one legend for the
 * snapshot's movement, another (`each`) for a model's recent changes, each against the snapshot before.
 */
export const movementLegendHtml = (shell: SiteShell, each: boolean) => chromeOf(shell).legend[each ? 'each' : 'snapshot'];

/** How much of the field the mirror has per-benchmark scores for, as recorded with the snapshot (never a silent "current"). */
export const coverageNoteHtml = (shell: SiteShell) => chromeOf(shell).coverage;
