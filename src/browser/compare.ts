/**
 * The comparison page: reads `?models=a,b` (two to four model segments), loads each model's small
 * data file (`/data/models/{model}.json`) and draws the same comparison as the pre-rendered pages,
 * from the same pure helpers. Without this script the page explains and links instead.
 */
import { CHART_HEIGHT, CHART_WIDTH, describeSeries, lineChart, type ChartPoint } from '../site/charts.ts';
import { compareModels, gapSentences, MAX_COMPARED, MIN_COMPARED, parseModelsParam } from '../site/compare.ts';
import { formatDate } from '../site/format.ts';
import { configurationHref, hostOf, href, modelDataHref, modelHref, safeExternalUrl } from '../site/links.ts';
import type { ModelFile } from '../site/model-file.ts';
import { formatDelta, scoreFormatter } from '../site/precision.ts';
import { formatRank } from '../site/ranks.ts';

type Child = Node | string | false | undefined;
const SVG = 'http://www.w3.org/2000/svg';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const c of children) if (c !== false && c !== undefined) node.append(c);
  return node;
}

function svg(tag: string, attrs: Record<string, string>): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

const link = (url: string, text: string) => el('a', { href: url }, text);
const sub = (...children: Child[]) => el('span', { class: 'sub' }, ...children);

/** The same markup as LineChart.astro. */
function chartNode(series: { label: string; points: ChartPoint[] }[], kind: 'score' | 'rank', summary: string): Node {
  const chart = lineChart(
    series.map((s) => s.points),
    kind,
  );
  if (!chart) return el('p', { class: 'note' }, 'No history yet.');
  const plot = svg('svg', { viewBox: `0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`, preserveAspectRatio: 'none', 'aria-hidden': 'true', focusable: 'false' });
  plot.append(svg('path', { class: 'grid', d: chart.grid }));
  if (chart.methodChange !== undefined) plot.append(svg('path', { class: 'method', d: `M${(chart.methodChange / 100) * CHART_WIDTH} 0V${CHART_HEIGHT}` }));
  chart.paths.forEach((d, i) => plot.append(svg('path', { class: `line s${i}`, d })));
  const ticks = el('ul', { class: 'yaxis', 'aria-hidden': 'true' });
  for (const t of chart.yTicks) {
    const li = el('li', {}, String(t.value));
    li.style.top = `${t.top}%`;
    ticks.append(li);
  }
  const legend = el('ul', { class: 'legend' });
  series.forEach((s, i) => {
    const swatch = svg('svg', { class: 'swatch', viewBox: '0 0 24 8', 'aria-hidden': 'true', focusable: 'false' });
    swatch.append(svg('path', { class: `line s${i}`, d: 'M2 4H22' }));
    legend.append(el('li', {}, swatch, s.label));
  });
  return el(
    'figure',
    { class: 'linechart' },
    el('div', { class: 'plot', 'data-kind': kind }, plot, ticks),
    el(
      'div',
      { class: 'xaxis', 'aria-hidden': 'true' },
      el('span', {}, formatDate(chart.from)),
      chart.to !== chart.from && el('span', {}, formatDate(chart.to)),
    ),
    series.length > 1 && legend,
    el('figcaption', { class: 'meta' }, summary),
  );
}

function region(label: string, table: HTMLTableElement): HTMLElement {
  return el('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': label }, table);
}

/** The same sections as src/views/comparison.ts. */
function comparisonNodes(files: ModelFile[]): Node[] {
  const result = compareModels(files);
  const scoreText = scoreFormatter(files.map((f) => f.model.supraScore));
  const normalizedText = scoreFormatter(result.shared.flatMap((s) => s.entries.map((e) => e.value)));
  const series = (pick: 'supraScore' | 'rank') =>
    files.map((f) => ({ label: f.model.name, points: f.history.generatedAt.map((t, i) => ({ t, v: f.history[pick][i]! })) }));

  const standing = el(
    'table',
    { class: 'sticky-first' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, 'Model'),
        el('th', { scope: 'col', class: 'num' }, 'supraScore'),
        el('th', { scope: 'col', class: 'num' }, 'Model rank'),
        el('th', { scope: 'col' }, 'Scored by'),
        el('th', { scope: 'col', class: 'num' }, 'Benchmarks with a counting score'),
      ),
    ),
    el(
      'tbody',
      {},
      ...files.map((f, i) =>
        el(
          'tr',
          {},
          el('th', { scope: 'row' }, link(modelHref(f.model), f.model.name), sub(f.model.provider)),
          el('td', { class: 'num' }, scoreText(f.model.supraScore)),
          el('td', { class: 'num' }, formatRank({ rank: f.model.rank, tied: f.model.rankTied }), ' ', sub(`of ${f.model.of}`)),
          el('td', {}, link(configurationHref(f.configurations[0]!), f.configurations[0]!.name), sub('its best configuration')),
          el('td', { class: 'num' }, String(result.counted[i])),
        ),
      ),
    ),
  );

  const shared =
    result.shared.length === 0
      ? [el('p', { class: 'note' }, 'There is no benchmark on which each of these models’ best configurations has a counting score in this snapshot.')]
      : [
          el(
            'p',
            { class: 'meta' },
            `Benchmarks on which each model’s best configuration has a counting score, heaviest first: normalized score (0–100; the mean when several submissions count), its difference from ${files[0]!.model.name}’s, and the source.`,
          ),
          region(
            'Shared benchmarks',
            el(
              'table',
              { class: 'sticky-first' },
              el(
                'thead',
                {},
                el(
                  'tr',
                  {},
                  el('th', { scope: 'col' }, 'Benchmark'),
                  ...files.map((f) => el('th', { scope: 'col', class: 'num' }, f.model.name)),
                  el('th', { scope: 'col' }, 'Higher'),
                ),
              ),
              el(
                'tbody',
                {},
                ...result.shared.map((s) =>
                  el(
                    'tr',
                    {},
                    el(
                      'th',
                      { scope: 'row' },
                      s.benchSegment ? link(href(`/benchmarks/${s.benchSegment}/`), s.benchName) : s.benchName,
                      sub(`weight ${s.effectiveWeight.toFixed(1)}`),
                    ),
                    ...s.entries.map((e, i) => {
                      const submission = e.submissions[0]!;
                      const source = safeExternalUrl(submission.sourceUrl);
                      return el(
                        'td',
                        { class: 'num' },
                        normalizedText(e.value),
                        i > 0 && sub(formatDelta(s.deltas[i]!)),
                        sub(source ? el('a', { href: source, rel: 'external nofollow' }, hostOf(source)) : 'source not a web link'),
                        sub(
                          'accessed ',
                          el('time', { datetime: new Date(submission.accessedAt).toISOString() }, formatDate(submission.accessedAt)),
                          e.submissions.length > 1 && ` (+${e.submissions.length - 1} more)`,
                        ),
                      );
                    }),
                    el('td', {}, s.winner === undefined ? 'tied' : files[s.winner]!.model.name),
                  ),
                ),
              ),
            ),
          ),
        ];

  return [
    el('h2', { id: 'standing' }, 'Standing'),
    region('Standing', standing),
    el('h2', { id: 'gap' }, 'Is the gap meaningful?'),
    el('ul', { class: 'gap' }, ...gapSentences(result, scoreText).map((s) => el('li', {}, s))),
    el('h2', {}, 'Over time'),
    el(
      'div',
      { class: 'two-charts' },
      el(
        'section',
        {},
        el('h3', {}, 'supraScore'),
        chartNode(
          series('supraScore'),
          'score',
          files.map((f, i) => describeSeries(`${f.model.name}: supraScore`, series('supraScore')[i]!.points, (v) => v.toFixed(1))).join(' '),
        ),
      ),
      el(
        'section',
        {},
        el('h3', {}, 'Model rank (1 = best)'),
        chartNode(
          series('rank'),
          'rank',
          files.map((f, i) => describeSeries(`${f.model.name}: model rank`, series('rank')[i]!.points, String, 'rank')).join(' '),
        ),
      ),
    ),
    el('h2', { id: 'shared' }, 'Shared benchmarks'),
    ...shared,
  ];
}

type ModelList = [segment: string, name: string, rankText: string, supraScore: number][];

export function enhanceCompare(): void {
  const root = document.querySelector<HTMLElement>('[data-compare]');
  const output = root?.querySelector<HTMLElement>('[data-compare-output]');
  const form = root?.querySelector<HTMLFormElement>('form');
  const status = root?.querySelector<HTMLElement>('[data-compare-status]');
  const chosenList = root?.querySelector<HTMLElement>('[data-compare-chosen]');
  if (!root || !output || !form || !status || !chosenList) return;
  const input = form.elements.namedItem('model') as HTMLInputElement;
  const datalist = root.querySelector<HTMLDataListElement>('datalist')!;
  let list: Promise<ModelList> | undefined;
  const loadList = () =>
    (list ??= fetch(href('/data/model-list.json'))
      .then((r) => (r.ok ? (r.json() as Promise<{ models: ModelList }>) : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((j) => {
        datalist.replaceChildren(...j.models.map(([, name, rank]) => el('option', { value: name }, `model rank ${rank}`)));
        return j.models;
      }));
  const files = new Map<string, Promise<ModelFile | undefined>>();
  const load = (segment: string) => {
    let file = files.get(segment);
    if (!file) {
      file = fetch(modelDataHref({ segment })).then((r) => (r.ok ? (r.json() as Promise<ModelFile>) : undefined));
      files.set(segment, file);
    }
    return file;
  };
  let ticket = 0;
  const baseTitle = document.title;

  const setModels = (segments: string[], push: boolean) => {
    const url = new URL(location.href);
    if (segments.length) url.searchParams.set('models', segments.join(','));
    else url.searchParams.delete('models');
    if (push) history.pushState(null, '', url);
    void render();
  };

  async function render(): Promise<void> {
    const mine = ++ticket;
    const segments = parseModelsParam(new URLSearchParams(location.search).get('models'));
    status!.textContent = segments.length ? 'Loading…' : '';
    const loaded = await Promise.all(segments.map(load));
    if (mine !== ticket) return;
    const missing = segments.filter((_, i) => !loaded[i]);
    const found = loaded.filter((f): f is ModelFile => f !== undefined);
    chosenList!.replaceChildren(
      ...found.map((f) => {
        const remove = el('button', { type: 'button', class: 'button' }, 'Remove ', el('span', { class: 'visually-hidden' }, f.model.name));
        remove.addEventListener('click', () =>
          setModels(
            found.filter((o) => o !== f).map((o) => o.model.segment),
            true,
          ),
        );
        return el('li', {}, link(modelHref(f.model), f.model.name), ' ', remove);
      }),
    );
    input.disabled = found.length >= MAX_COMPARED;
    const notes: string[] = [];
    if (missing.length) notes.push(`Not in this snapshot: ${missing.join(', ')}.`);
    if (found.length < MIN_COMPARED) notes.push(`Add ${found.length ? 'another model' : 'two to four models'} to compare.`);
    else notes.push(`Comparing ${found.length} models.`);
    if (found.length >= MAX_COMPARED) notes.push(`At most ${MAX_COMPARED} models at once.`);
    status!.textContent = notes.join(' ');
    output!.replaceChildren(...(found.length >= MIN_COMPARED ? comparisonNodes(found) : []));
    document.title = found.length ? `${found.map((f) => f.model.name).join(' vs ')} · ${baseTitle}` : baseTitle;
  }

  input.addEventListener('focus', () => void loadList().catch(() => (status.textContent = 'The list of models could not be loaded.')), { once: true });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void loadList().then((models) => {
      const wanted = input.value.trim().toLowerCase();
      const hit = models.find(([segment, name]) => name.toLowerCase() === wanted || segment.toLowerCase() === wanted);
      if (!hit) {
        status.textContent = `No model named “${input.value.trim()}” in this snapshot.`;
        return;
      }
      const current = parseModelsParam(new URLSearchParams(location.search).get('models'));
      input.value = '';
      setModels([...new Set([...current, hit[0]])].slice(0, MAX_COMPARED), true);
    });
  });
  window.addEventListener('popstate', () => void render());
  form.hidden = false;
  root.querySelector<HTMLElement>('[data-compare-tool]')!.hidden = false;
  void render();
}
