/**
 * The pure parts of the progress of long work: what Astro's process counts through its prerenderer
 * (src/publish/render-progress.mjs, driven here through the hooks Astro calls) and what the extras'
 * line says of the cards and the search index.
 */
import { describe, expect, it } from 'vitest';
import { renderProgress } from '../../src/publish/render-progress.mjs';
import { extrasProgress } from '../../src/publish/extras.ts';

interface Sent {
  phase: string | undefined;
  done: number | undefined;
  total: number | undefined;
}

/** Astro's default prerenderer as generate.js drives it: its paths (pages and endpoints), a render per path. */
function fakeAstro(pages: number, endpoints: number) {
  const calls: string[] = [];
  const paths = [
    ...Array.from({ length: pages }, (_, i) => ({ pathname: `/p/${i}/`, route: { type: 'page' } })),
    ...Array.from({ length: endpoints }, (_, i) => ({ pathname: `/e/${i}.json`, route: { type: 'endpoint' } })),
  ];
  return {
    calls,
    paths,
    prerenderer: {
      name: 'astro:default',
      setup: async () => void calls.push('setup'),
      getStaticPaths: async () => paths,
      render: async (request: Request, _options: { routeData: unknown }) => new Response(request.url),
      teardown: async () => void calls.push('teardown'),
    },
  };
}

describe('renderProgress', () => {
  it('wraps Astro’s prerenderer: says each phase, counts the pages (not the endpoints) it lists and renders, at each new percent', async () => {
    const sent: Sent[] = [];
    const { integration, stop } = renderProgress((s: Sent) => sent.push(s));
    try {
      const astro = fakeAstro(250, 7);
      let wrapped: ReturnType<typeof fakeAstro>['prerenderer'] | undefined;
      integration.hooks['astro:build:start']({ setPrerenderer: (make: (d: unknown) => typeof wrapped) => (wrapped = make(astro.prerenderer)) });
      expect(sent).toEqual([{ phase: 'bundling', done: undefined, total: undefined }]);
      await wrapped!.setup();
      const paths = await wrapped!.getStaticPaths();
      expect(paths).toBe(astro.paths);
      expect(sent.slice(1)).toEqual([
        { phase: "loading the site's data", done: undefined, total: undefined },
        { phase: undefined, done: 0, total: 250 },
      ]);
      for (const { pathname, route } of paths) {
        const answer = await wrapped!.render(new Request(`http://x${pathname}`), { routeData: route });
        // What Astro renders is passed back untouched.
        expect(await (answer as Response).text()).toBe(`http://x${pathname}`);
      }
      await wrapped!.teardown();
      expect(astro.calls).toEqual(['setup', 'teardown']);
      const counts = sent.slice(3).map((s) => s.done);
      // 250 pages: a message at each new percent, the last when all are done; the endpoints count for nothing.
      expect(counts).toHaveLength(100);
      expect(counts.at(-1)).toBe(250);
      expect(counts.every((n, i) => i === 0 || n! > counts[i - 1]!)).toBe(true);
      integration.hooks['astro:build:generated']();
      expect(sent.at(-1)).toEqual({ phase: 'finishing', done: 250, total: 250 });
    } finally {
      stop();
    }
  });
});

describe('extrasProgress', () => {
  it('counts the cards once the worker draws them, and says its phase before, with the search index’s beside', () => {
    expect(extrasProgress({ phase: "loading the site's data, then badges, feeds and data files" }, { phase: 'waiting for the render to end' })).toEqual({
      done: undefined,
      total: undefined,
      unit: 'cards',
      phase: "loading the site's data, then badges, feeds and data files; search index: waiting for the render to end",
      detail: undefined,
    });
    expect(extrasProgress({ phase: 'cards', done: 40, total: 602 }, { phase: 'indexing', done: 4_000, total: 8_197 })).toEqual({
      done: 40,
      total: 602,
      unit: 'cards',
      phase: 'search index: indexing',
      detail: '4,000 of 8,197 records',
    });
    expect(extrasProgress(undefined, undefined).phase).toBeUndefined();
  });
});
