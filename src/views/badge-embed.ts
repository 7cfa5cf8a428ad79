/** What a model's README can paste for its rank badge (src/site/files/badges.ts draws the badge): shown as text on the model's page. */
import { cleanText } from '../site/format/text.ts';
import { BADGE_HEIGHT } from '../site/files/badges.ts';
import { badgeFile } from '../site/links/output-paths.ts';
import { html } from './parts/html.ts';

/** Text inside Markdown's `[...]`: every character Markdown could read as syntax is backslash-escaped. */
export const markdownText = (value: string) => value.replace(/[\\`*_{}[\]()#+\-.!<>|~&]/g, (c) => `\\${c}`);

/** The badge linking to the model's page, in Markdown and in HTML (escaped by the `html` tag, as every page is), and the shields.io address of its endpoint. */
export function badgeEmbed(model: { segment: string; name: string }, siteUrl: URL): { markdown: string; html: string; shields: string } {
  const absolute = (path: string) => new URL(path, siteUrl).href;
  const svg = absolute(badgeFile(model, 'svg'));
  const page = absolute(`models/${model.segment}/`);
  const alt = `Model rank of ${cleanText(model.name)}`;
  return {
    markdown: `[![${markdownText(alt)}](${svg})](${page})`,
    // The snippet as READMEs have it (prettier would close the img).
    // prettier-ignore
    html: html`<a href="${page}"><img src="${svg}" alt="${alt}" height="${BADGE_HEIGHT}"></a>`.html,
    shields: `https://img.shields.io/endpoint?url=${encodeURIComponent(absolute(badgeFile(model, 'json')))}`,
  };
}
