/**
 * What a build hands its render and its extras worker, once, as data: the snapshot file to render,
 * the plan for its deploy target, the site's settings as the build read them, and where it hands over
 * the published snapshot file's figures. The extras worker gets it in its first message; the pages read
 * it from the virtual module `virtual:mirror/render-input`, which the render serves them (as
 * Starlight serves its configuration), so no setting travels through the environment.
 */
import { handedSite, readSiteSettings, type HandedSite } from '../settings/config.ts';
import { readStaleAfterHours } from '../settings/staleness.ts';
import type { BuildPlan } from './types.ts';

export interface RenderInput {
  /** The snapshot file. */
  snapshot: string;
  /** What the build makes for its deploy target; undefined for everything (a render outside a build). */
  plan: BuildPlan | undefined;
  /** The site's settings (SITE_URL, the attribution, CARD_MODELS, STATE_URL, STALE_AFTER_HOURS). */
  site: HandedSite;
  /**
   * The file the build writes, once it has made the published snapshot file, with that file's
   * figures (src/site/files/snapshot-db.ts); undefined outside a build, which publishes none.
   */
  handover: string | undefined;
}

/** A render outside a build (`astro build`, `astro dev`, `astro check`): the default snapshot, everything in it, the settings given. */
export const standaloneRender = (site: HandedSite): RenderInput => ({ snapshot: 'data/snapshot.db', plan: undefined, site, handover: undefined });

/** What a tool that loads a snapshot's site data outside a build (the bench's evidence pass, the tests) hands it: the settings of `env`. */
export const inputOutsideBuild = (snapshot: string, env: Record<string, string | undefined>, plan?: BuildPlan): RenderInput => ({
  snapshot,
  plan,
  site: handedSite(readSiteSettings(env), readStaleAfterHours(env)),
  handover: undefined,
});

export const RENDER_INPUT_MODULE = 'virtual:mirror/render-input';
const RESOLVED = `\0${RENDER_INPUT_MODULE}`;

/**
 * The Vite plugin that serves `input` as RENDER_INPUT_MODULE. The build's render gives its own input
 * with `enforce: 'pre'`, ahead of astro.config.mjs's standalone one.
 */
export const renderInputPlugin = (input: RenderInput, enforce?: 'pre') => ({
  name: 'mirror-render-input',
  enforce,
  resolveId: (id: string) => (id === RENDER_INPUT_MODULE ? RESOLVED : undefined),
  load: (id: string) => (id === RESOLVED ? `export default ${JSON.stringify(input)};` : undefined),
});
