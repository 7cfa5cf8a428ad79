/**
 * The vendors of a snapshot: each provider with the models it makes (a model belongs to the provider
 * of its best configuration, the one it is scored by), in model rank order, and the readable path
 * segment of its page (`/providers/saffron-collective/`).
 */
import { providerSegments } from './paths.ts';
import { providerHref, siteBase } from '../links/links.ts';
import { compareText } from './group-by.ts';
import type { Model, SiteData } from './types.ts';

export interface Provider {
  name: string;
  segment: string;
  /** Its models, by model rank. */
  models: Model[];
  /** Their configurations, all told. */
  configurations: number;
}

/** The providers of these models (in model rank order), by name. */
export function buildProviders(models: readonly Model[]): { providers: Provider[]; providerByName: Map<string, Provider> } {
  const providerByName = new Map<string, Provider>();
  for (const model of models) {
    const name = model.best.provider;
    let provider = providerByName.get(name);
    if (!provider) providerByName.set(name, (provider = { name, segment: '', models: [], configurations: 0 }));
    provider.models.push(model);
    provider.configurations += model.configurations.length;
  }
  const segments = providerSegments(models);
  for (const provider of providerByName.values()) provider.segment = segments.get(provider.name)!;
  return { providers: [...providerByName.values()].sort((a, b) => compareText(a.name, b.name)), providerByName };
}

/** The page of a provider by its name, where it makes one of the snapshot's models. */
export function providerPageOf(data: SiteData, name: string): string | undefined {
  const provider = providersOf(data).providerByName.get(name);
  return provider && providerHref(provider, siteBase(data.site.siteUrl));
}

const made = new WeakMap<SiteData, ReturnType<typeof buildProviders>>();

/** The providers of a build's snapshot, made once. */
export function providersOf(data: SiteData): ReturnType<typeof buildProviders> {
  let found = made.get(data);
  if (!found) made.set(data, (found = buildProviders(data.models)));
  return found;
}
