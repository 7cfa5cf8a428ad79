// @ts-check
import { defineConfig } from 'astro/config';
import { handedSite, readSiteSettings } from './src/site/settings/config.ts';
import { readStaleAfterHours } from './src/site/settings/staleness.ts';
import { sitemap } from './src/publish/sitemap.ts';
import { outOfSitemap } from './src/site/plan/page-kinds.ts';
import { renderInputPlugin, standaloneRender } from './src/site/plan/render-input.ts';

// The configuration is where a render outside a build reads its settings; a build's render is handed the build's (the same environment).
const settings = readSiteSettings(process.env);
const { siteUrl } = settings;

export default defineConfig({
  site: siteUrl.origin,
  base: siteUrl.pathname,
  trailingSlash: 'always',
  outDir: './dist',
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
  vite: {
    envDir: false,
    build: { assetsInlineLimit: 0 },
    plugins: [renderInputPlugin(standaloneRender(handedSite(settings, readStaleAfterHours(process.env))))],
  },
  // The sitemap lists the kinds of page the table of kinds says it does: not the not-found page, the redirect pages of
  // /leaderboard/ and /leaderboard/1/, nor the page of the leaderboard as it stood that its script draws from the query.
  integrations: [sitemap(siteUrl, outOfSitemap)],
});
