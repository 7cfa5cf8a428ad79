/** A build's plan applied to the models: what each gets, and where each model and configuration is linked. */
import { configurationAddress, modelAddress } from '../links/links.ts';
import type { BuildPlan } from '../plan/types.ts';
import { ownDataFiles } from '../links/output-paths.ts';
import type { Model } from './types.ts';

/** Marks every model and configuration with the outputs the plan makes for it, and their addresses under the site's `base` path. */
export function applyPlan(models: readonly Model[], plan: BuildPlan, base: string): void {
  const { keep } = plan;
  for (const model of models) {
    const i = model.index;
    model.outputs = {
      page: i < keep.modelPages,
      configurationPages: i < keep.configurationPages,
      feed: i < keep.modelFeeds,
      badge: i < keep.badges,
      card: i < keep.cards,
      ownDataFile: i < ownDataFiles(plan),
    };
    model.href = modelAddress(model, keep, base);
    for (const c of model.configurations) {
      c.hasPage = model.outputs.configurationPages;
      c.href = configurationAddress(c, model, keep, base);
    }
  }
}
