/**
 * The comparison page: reads `?models=a,b` (two to four model segments), loads each model's small
 * data file (`/data/models/{model}.json`) and draws the comparison with the view the pre-rendered
 * comparisons are made with (src/views/parts/comparison.ts), from the same values
 * (src/site/compare/comparison-view.ts), so it reads the same whoever draws it. Without it the page
 * explains and links to the pre-rendered comparisons instead.
 */
import { compareStatus, MAX_COMPARED, parseModelsParam } from '../site/compare/compare-models.ts';
import { comparisonView } from '../site/compare/comparison-view.ts';
import { dataHref, href } from '../site/links/links.ts';
import type { ModelFile, SharedModelFile } from '../site/files/model-file.ts';
import type { EvidenceFacts } from '../site/evidence/evidence-file.ts';
import { modelFileFrom, readJson, type ModelListEntry } from '../site/compare/model-data.ts';
import { pageTitle } from '../site/format/page-title.ts';
import { chosenHtml, comparisonHtml } from '../views/parts/comparison.ts';
import { nodesOf } from './markup.ts';

type ModelList = ModelListEntry[];

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
        .then((path) => (path === undefined ? undefined : fetch(dataHref(path))))
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
    const [facts, loaded, models] = await Promise.all([
      segments.length > 1 ? loadEvidence() : undefined,
      Promise.all(segments.map(load)),
      loadList().catch(() => undefined),
    ]);
    if (mine !== ticket) return;
    const missing = segments.filter((_, i) => !loaded[i]);
    const found = loaded.filter((f): f is ModelFile => f !== undefined);
    chosenList!.replaceChildren(...nodesOf(chosenHtml(found.map((f) => f.model))));
    chosenList!.querySelectorAll('button').forEach((remove, i) =>
      remove.addEventListener('click', () =>
        setModels(
          found.filter((_, j) => j !== i).map((o) => o.model.segment),
          true,
        ),
      ),
    );
    input.disabled = found.length >= MAX_COMPARED;
    status!.textContent = compareStatus(found.length, missing);
    // Each model's standard error, from the list the picker reads: the build's verdicts are made from the same figures.
    const evidence = facts && models ? { facts, se: new Map(models.map(([segment, , , , , se]) => [segment, se])) } : undefined;
    output!.replaceChildren(...(found.length >= 1 ? nodesOf(comparisonHtml(comparisonView(found, evidence))) : []));
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
