/**
 * The comparison page: reads `?models=a,b` (two to four model segments), loads each model's small
 * data file (`/data/models/{model}.json`) and draws the comparison into a clone of the markup the
 * page holds in a `<template>`, which is the pre-rendered comparisons' own (src/views/comparison.ts),
 * filled with the same values (src/site/compare/comparison-view.ts): the script never builds markup. Without
 * it the page explains and links to the pre-rendered comparisons instead.
 */
import { chartCaption, methodChangePath } from '../site/format/charts.ts';
import { compareStatus, MAX_COMPARED, parseModelsParam } from '../site/compare/compare-models.ts';
import { comparisonView, NO_WEB_SOURCE, type ChartView, type ComparisonView, type ScoreCellView } from '../site/compare/comparison-view.ts';
import { formatDate } from '../site/format/format.ts';
import { href } from '../site/links/links.ts';
import type { ModelFile, SharedModelFile } from '../site/files/model-file.ts';
import type { EvidenceFacts } from '../site/evidence/evidence-file.ts';
import { modelFileFrom, readJson, type ModelListEntry } from '../site/compare/model-data.ts';
import { pageTitle } from '../site/format/page-title.ts';
import { need } from './list-view.ts';

/** Puts `value` in place of a template's placeholder text, keeping the white space the server wrote around it. */
const fillText = (node: Text, value: string) =>
  (node.data = node.data.replace(/^(\s*)[\s\S]*?(\s*)$/, (_, before: string, after: string) => before + value + after));

/** Clones of `proto`, one per item, each filled. */
const clones = <T>(proto: Element, items: readonly T[], fill: (el: Element, item: T, i: number) => void): Element[] =>
  items.map((item, i) => {
    const el = proto.cloneNode(true) as Element;
    fill(el, item, i);
    return el;
  });

function fillChart(figure: Element, { chart, kind, labels, summary }: ChartView): void {
  const plot = need(figure, '.plot');
  plot.setAttribute('data-kind', kind);
  const svg = need(plot, 'svg');
  need(svg, 'path.grid').setAttribute('d', chart.grid);
  const method = methodChangePath(chart);
  if (method === undefined) need(svg, 'path.method').remove();
  else need(svg, 'path.method').setAttribute('d', method);
  const line = need(svg, 'path.line');
  line.remove();
  svg.append(
    ...clones(line, chart.paths, (path, d, i) => {
      path.setAttribute('class', `line s${i}`);
      path.setAttribute('d', d);
    }),
  );
  const ticks = need(plot, 'ul.yaxis');
  ticks.replaceChildren(
    ...clones(need(ticks, 'li'), chart.yTicks, (li, t) => {
      li.setAttribute('style', `top:${t.top}%`);
      li.textContent = String(t.value);
    }),
  );
  const [from, to] = figure.querySelectorAll('.xaxis > span');
  from!.textContent = formatDate(chart.from);
  if (chart.to === chart.from) to!.remove();
  else to!.textContent = formatDate(chart.to);
  const legend = need(figure, 'ul.legend');
  if (labels.length > 1) {
    legend.replaceChildren(
      ...clones(need(legend, 'li'), labels, (li, label, i) => {
        need(li, 'path').setAttribute('class', `line s${i}`);
        fillText(li.lastChild as Text, label);
      }),
    );
  } else legend.remove();
  need(figure, 'figcaption').textContent = chartCaption(summary, chart);
}

function fillCell(td: Element, c: ScoreCellView): void {
  const [delta, source, accessed] = td.querySelectorAll(':scope > .sub');
  fillText(td.firstChild as Text, c.value);
  if (c.delta === undefined) {
    delta!.nextSibling!.remove();
    delta!.remove();
  } else delta!.textContent = c.delta;
  if (c.source) {
    const a = need(source!, 'a');
    a.setAttribute('href', c.source.href);
    a.textContent = c.source.host;
  } else source!.textContent = NO_WEB_SOURCE;
  const time = need(accessed!, 'time');
  time.setAttribute('datetime', c.accessedIso);
  time.textContent = c.accessedDate;
  if (c.more) time.after(c.more);
}

/** A clone of the template's comparison, filled with `view`. */
function fillComparison(proto: Element, view: ComparisonView): Element {
  const root = proto.cloneNode(true) as Element;
  const [standing, shared] = root.querySelectorAll('table');

  const standingBody = need(standing!, 'tbody');
  standingBody.replaceChildren(
    ...clones(need(standingBody, 'tr'), view.standing, (tr, r) => {
      const [th, score, rank, scoredBy, counted] = tr.children;
      const model = need(th!, 'a');
      model.setAttribute('href', r.href);
      model.textContent = r.name;
      need(th!, '.sub').textContent = r.provider;
      score!.textContent = r.score;
      fillText(rank!.firstChild as Text, r.rank);
      need(rank!, '.sub').textContent = r.of;
      const configuration = need(scoredBy!, 'a');
      configuration.setAttribute('href', r.configurationHref);
      configuration.textContent = r.configuration;
      counted!.textContent = r.counted;
    }),
  );

  const gap = need(root, 'ul.gap');
  gap.replaceChildren(...clones(need(gap, 'li'), view.gap, (li, sentence) => (li.textContent = sentence)));

  const figure = need(root, 'figure.linechart');
  if (view.chart) fillChart(figure, view.chart);
  else figure.remove();

  const note = need(root, '#shared ~ p.note');
  if (view.noShared === undefined) note.remove();
  else note.textContent = view.noShared;
  const intro = need(root, '#shared ~ p.meta');
  const wrap = shared!.closest('.table-wrap')!;
  if (!view.shared) {
    intro.remove();
    wrap.remove();
    return root;
  }
  intro.textContent = view.shared.intro;
  const head = need(shared!, 'thead tr');
  const column = need(head, 'th.num');
  column.remove();
  head.lastElementChild!.before(...clones(column, view.shared.models, (th, name) => (th.textContent = name)));
  const body = need(shared!, 'tbody');
  body.replaceChildren(
    ...clones(need(body, 'tr'), view.shared.rows, (tr, r) => {
      const th = need(tr, 'th');
      const bench = need(th, 'a');
      if (r.href === undefined) bench.replaceWith(r.name);
      else {
        bench.setAttribute('href', r.href);
        bench.textContent = r.name;
      }
      need(th, '.sub').textContent = r.weight;
      const cell = need(tr, 'td.num');
      cell.remove();
      tr.lastElementChild!.before(...clones(cell, r.cells, fillCell));
      tr.lastElementChild!.textContent = r.higher;
    }),
  );
  return root;
}

type ModelList = ModelListEntry[];

export function enhanceCompare(): void {
  const root = document.querySelector<HTMLElement>('[data-compare]');
  const output = root?.querySelector<HTMLElement>('[data-compare-output]');
  const form = root?.querySelector<HTMLFormElement>('form');
  const status = root?.querySelector<HTMLElement>('[data-compare-status]');
  const chosenList = root?.querySelector<HTMLElement>('[data-compare-chosen]');
  const comparisonProto = root?.querySelector<HTMLTemplateElement>('template[data-comparison-template]')?.content.firstElementChild;
  const chosenProto = root?.querySelector<HTMLTemplateElement>('template[data-chosen-template]')?.content.firstElementChild;
  if (!root || !output || !form || !status || !chosenList || !comparisonProto || !chosenProto) return;
  const input = form.elements.namedItem('model') as HTMLInputElement;
  const datalist = root.querySelector<HTMLDataListElement>('datalist')!;
  let list: Promise<ModelList> | undefined;
  const loadList = () =>
    (list ??= fetch(href('/data/model-list.json'))
      .then((r) => (r.ok ? (r.json() as Promise<{ models: ModelList }>) : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((j) => {
        datalist.replaceChildren(...j.models.map(([, name, rank]) => new Option(`model rank ${rank}`, name)));
        return j.models;
      }));
  const files = new Map<string, Promise<ModelFile | undefined>>();
  // Where the list says the model's data is: its own file, or one it shares with other models without a page.
  const load = (segment: string) => {
    let file = files.get(segment);
    if (!file) {
      file = loadList()
        .then((models) => models.find(([s]) => s === segment)?.[4])
        .then((path) => (path === undefined ? undefined : fetch(href(`/data/${path}`))))
        .then((r) => (r?.ok ? readJson<ModelFile | SharedModelFile>(r) : undefined))
        .then((body) => body && modelFileFrom(body, segment))
        .catch(() => undefined);
      files.set(segment, file);
    }
    return file;
  };
  // What the build resampled, to say whether the evidence separates the models; undefined when it cannot be loaded.
  let evidence: Promise<EvidenceFacts | undefined> | undefined;
  const loadEvidence = () =>
    (evidence ??= fetch(href('/data/evidence.json'))
      .then((r) => (r.ok ? (r.json() as Promise<EvidenceFacts>) : undefined))
      .catch(() => undefined));
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
    if (segments.length) status!.textContent = 'Loading…';
    // The evidence only says something of two models or more.
    const [facts, loaded] = await Promise.all([segments.length > 1 ? loadEvidence() : undefined, Promise.all(segments.map(load))]);
    if (mine !== ticket) return;
    const missing = segments.filter((_, i) => !loaded[i]);
    const found = loaded.filter((f): f is ModelFile => f !== undefined);
    chosenList!.replaceChildren(
      ...clones(chosenProto!, found, (li, f) => {
        const link = need(li, 'a');
        link.setAttribute('href', f.model.href);
        link.textContent = f.model.name;
        const remove = need(li, 'button');
        need(remove, '.visually-hidden').textContent = f.model.name;
        remove.addEventListener('click', () =>
          setModels(
            found.filter((o) => o !== f).map((o) => o.model.segment),
            true,
          ),
        );
      }),
    );
    input.disabled = found.length >= MAX_COMPARED;
    status!.textContent = compareStatus(found.length, missing);
    output!.replaceChildren(...(found.length >= 1 ? [fillComparison(comparisonProto!, comparisonView(found, facts))] : []));
    document.title = found.length ? pageTitle(found.map((f) => f.model.name).join(' vs '), baseTitle) : baseTitle;
    // Until now the explanation below stayed invisible, so what was drawn above it moved nothing on screen.
    root!.dataset.drawn = '';
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
  void render();
}
