/**
 * What site search indexes: one record per model, benchmark, tag and provider, written from the snapshot's
 * data (not parsed back out of the built pages), so the index needs none of the pages. A model's record holds its configurations' names and tags too: a search for a
 * configuration finds its model's page, which lists it (a record per configuration doubled the
 * index's cost and files for pages that, for most models, say the same). Each record holds the
 * words a visitor would look for: names, provider, family tag, tags and descriptions; numbers
 * (ranks, scores) stay out, so the index changes only when those words do.
 */
import { plural } from '../format/format.ts';
import { benchPath, modelPath, providerPath, tagPath } from '../links/output-paths.ts';
import { providersOf } from '../data/providers.ts';
import type { PageKind } from '../plan/page-kinds.ts';
import type { SiteData } from '../data/site-data.ts';

export type SearchKind = NonNullable<PageKind['search']>;

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

/** Records of the pages this build makes: a model without a page of its own (the deploy target's plan) has none. */
export function* searchRecords(data: SiteData): Generator<SearchRecord> {
  for (const model of data.models) {
    if (!model.outputs.page) continue;
    const others = model.configurations.filter((c) => c.name !== model.name);
    const providers = [...new Set(model.configurations.map((c) => c.provider))];
    yield {
      url: modelPath(model),
      title: model.name,
      kind: 'Model',
      content:
        `${model.name}: a model by ${providers.join(', ')}, family tag ${model.familyTag}, with ${plural(model.configurations.length, 'configuration')}` +
        `${others.length ? `: ${others.map((c) => c.name).join(', ')}` : ''}.${tagsText(model.tags)}`,
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
      content: `${tag.tag}: the capability tag, its models ranked by supraScore and measured on its benchmarks.`,
    };
  }
  for (const provider of providersOf(data).providers) {
    yield {
      url: providerPath(provider),
      title: provider.name,
      kind: 'Provider',
      content: `${provider.name}: the vendor of ${plural(provider.models.length, 'model')}: ${provider.models.map((m) => m.name).join(', ')}.`,
    };
  }
}
