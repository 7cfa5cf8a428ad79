/**
 * What site search indexes: one record per model, configuration, benchmark and tag, written from
 * the snapshot's data (not parsed back out of the built pages), so the index is made beside the
 * render instead of after it. Each record holds the words a visitor would look for on that page:
 * names, provider, family tag, tags and descriptions; numbers and tables stay out.
 */
import { plural } from './format.ts';
import { benchPath, configurationPath, modelPath, tagPath } from './outputs.ts';
import { RANK_LABEL } from './ranks.ts';
import type { SiteData } from './site-data.ts';

export const SEARCH_KINDS = ['Model', 'Configuration', 'Benchmark', 'Tag'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface SearchRecord {
  /** The page's path from the site's root; the search box puts it under the site's base. */
  url: string;
  /** The page's heading. */
  title: string;
  kind: SearchKind;
  /** Plain text: Pagefind escapes it in excerpts, and the search box only ever sets text. */
  content: string;
}

const tagsText = (tags: readonly string[]) => (tags.length ? ` Tags: ${tags.join(', ')}.` : '');

export function* searchRecords(data: SiteData): Generator<SearchRecord> {
  const models = data.models.length;
  const configurations = data.configurations.length;
  for (const model of data.models) {
    const others = model.configurations.map((c) => c.name).filter((name) => name !== model.name);
    yield {
      url: modelPath(model),
      title: model.name,
      kind: 'Model',
      content:
        `${model.name}: a model by ${model.best.provider}, family tag ${model.familyTag}, ${RANK_LABEL.model} ${model.rankText} of ${models}, ` +
        `with ${plural(model.configurations.length, 'configuration')}${others.length ? `: ${others.join(', ')}` : ''}.${tagsText(model.tags)}`,
    };
  }
  for (const config of data.configurations) {
    const model = data.modelByFamily.get(config.familyTag);
    yield {
      url: configurationPath(config),
      title: config.name,
      kind: 'Configuration',
      content:
        `${config.name}: a configuration by ${config.provider}${model ? ` of the model ${model.name}` : ''}, family tag ${config.familyTag}, ` +
        `${RANK_LABEL.configuration} ${config.rankText} of ${configurations}.${tagsText(config.tags)}`,
    };
  }
  for (const bench of data.benches) {
    yield {
      url: benchPath(bench),
      title: bench.name,
      kind: 'Benchmark',
      content: `${bench.name}: ${bench.description} ${bench.isOfficial ? 'Official source' : 'Unofficial source'}.${tagsText(bench.tags)}`,
    };
  }
  for (const tag of data.tags) {
    yield {
      url: tagPath(tag),
      title: tag.tag,
      kind: 'Tag',
      content:
        `${tag.tag}: ${plural(tag.modelList.length, 'model')} carry this tag, and ${plural(tag.benchList.length, 'benchmark')} ` +
        `${tag.benchList.length === 1 ? 'is' : 'are'} tagged with it.`,
    };
  }
}
