// The render's progress, counted inside Astro's own build (astro-child.mjs loads it; plain JavaScript, as
// that process loads no TypeScript): an integration that wraps Astro's default prerenderer through the
// `setPrerenderer` hook of `astro:build:start`, so it counts the pages Astro lists and renders, and names
// the phase the build is in before them. `send` gets { phase, done, total } at each new percent of the
// pages and every SEND_MS besides: a few hundred messages in a render of 25,000 pages, and a counter
// per page the only work added to the render.

/** The longest the build process goes without news of the render: its log's lines and its terminal's line wait for it. */
export const SEND_MS = 500;

/** Astro's routes that write an HTML page (its endpoints write the site's data files, counted apart). */
const isPage = (route) => route?.type === 'page';

/** The integration, and `stop()` to end its timer once the render is over. */
export function renderProgress(send) {
  let phase = 'starting Astro';
  let done = 0;
  let total;
  let sentPercent = -1;
  const post = () => send({ phase, done: total === undefined ? undefined : done, total });
  const timer = setInterval(post, SEND_MS);
  timer.unref();
  const counted = () => {
    done++;
    const percent = Math.floor((done * 100) / total);
    if (percent !== sentPercent) {
      sentPercent = percent;
      post();
    }
  };
  const integration = {
    name: 'mirror:render-progress',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        phase = 'bundling';
        post();
        setPrerenderer((astro) => ({
          name: 'mirror:counting',
          setup: () => astro.setup?.(),
          async getStaticPaths() {
            phase = "loading the site's data";
            post();
            const paths = await astro.getStaticPaths();
            total = paths.filter((p) => isPage(p.route)).length;
            phase = undefined;
            sentPercent = 0;
            post();
            return paths;
          },
          async render(request, options) {
            const rendered = await astro.render(request, options);
            if (isPage(options.routeData)) counted();
            return rendered;
          },
          ...(astro.collectStaticImages ? { collectStaticImages: () => astro.collectStaticImages() } : {}),
          teardown: () => astro.teardown?.(),
        }));
      },
      'astro:build:generated': () => {
        phase = 'finishing';
        post();
      },
    },
  };
  return { integration, stop: () => clearInterval(timer) };
}
