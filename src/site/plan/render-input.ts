/**
 * What a build hands its render and its extras worker, once, as data: the snapshot file to render
 * and the plan for its deploy target. The extras worker gets it in its first message; the pages read
 * it from the virtual module `virtual:mirror/render-input`, which the render serves them (as
 * Starlight serves its configuration), so no setting travels through the environment.
 */
import type { BuildPlan } from './site-plan.ts';

export interface RenderInput {
  /** The snapshot file. */
  snapshot: string;
  /** What the build makes for its deploy target; undefined for everything (a render outside a build). */
  plan: BuildPlan | undefined;
}

/** A render outside a build (`astro build`, `astro dev`): the default snapshot, and everything in it. */
export const STANDALONE_RENDER: RenderInput = { snapshot: 'data/snapshot.db', plan: undefined };

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
