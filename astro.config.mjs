// @ts-check
import { defineConfig } from 'astro/config';
import { readSiteSettings } from './src/site/settings/config.ts';
import { sitemap } from './src/publish/sitemap.ts';
import { renderInputPlugin, STANDALONE_RENDER } from './src/site/plan/render-input.ts';

const { siteUrl } = readSiteSettings();

export default defineConfig({
  site: siteUrl.origin,
  base: siteUrl.pathname,
  trailingSlash: 'always',
  outDir: process.env.MIRROR_OUT_DIR || './dist',
  build: {
    format: 'directory',
    // One shared, cacheable stylesheet rather than a copy inlined into every page.
    inlineStylesheets: 'never',
    concurrency: Number(process.env.MIRROR_BUILD_CONCURRENCY) || 4,
  },
  compressHTML: true,
  devToolbar: { enabled: false },
  // The site needs no .env values; not loading them keeps the API key out of the build entirely. Scripts are
  // never inlined (Vite inlines small ones by default): the Content-Security-Policy allows only same-origin files.
  // What a build renders reaches the pages as a module (src/site/plan/render-input.ts); a build's render puts its own first.
  vite: { envDir: false, build: { assetsInlineLimit: 0 }, plugins: [renderInputPlugin(STANDALONE_RENDER)] },
  // Neither the not-found page nor the redirect pages of /leaderboard/ and /leaderboard/1/ are addresses of their own, nor is
  // the page of the leaderboard as it stood that its script draws from the query (its month ends' pages are).
  integrations: [sitemap(siteUrl, (path) => /^(?:404\/?|leaderboard\/(?:1\/|as-of\/)?)$/.test(path))],
});
