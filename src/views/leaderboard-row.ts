/**
 * A leaderboard row as markup: 100 on each of the leaderboard's pages and once in its `<template>`,
 * which the browser script clones to draw other views (src/browser/leaderboard.ts fills it by
 * these classes and elements). As an Astro component it was most of a leaderboard page's time.
 */
import { TAGS_SHOWN, type LeaderboardRowView } from '../site/lists/leaderboard-view.ts';
import { html, type Markup } from './html.ts';
import { movementHtml, tagListHtml } from './parts.ts';

export function leaderboardRowHtml(row: LeaderboardRowView): Markup {
  return html`<tr id="${row.id}">
    <td class="rank"><strong>${row.rank}</strong> ${movementHtml(row.movement)}</td>
    <th scope="row" class="model-name">
      <a href="${row.href}">${row.name}</a>
      <span class="sub narrow-only">${row.provider}</span>
      ${
        row.configurations.length > 0 &&
        html`<details class="configs">
          <summary>${row.configurationsLabel}</summary>
          <ul>
            ${row.configurations.map((c) => html`<li><a href="${c.href}">${c.name}</a> <span class="s">${c.score}</span></li>`)}
          </ul>
        </details>`
      }
      ${row.configurationName !== undefined && html`<span class="sub">${row.configurationName}</span>`}
    </th>
    <td class="wide-only provider">${row.provider}</td>
    <td class="num">
      <span class="score"><span>${row.score}</span><span class="bar" style="${row.bar}" aria-hidden="true"></span></span>
    </td>
    <td class="num wide-only">${row.benchCount}</td>
    <td class="wide-only">${tagListHtml(row.tags, row.tagHrefs, TAGS_SHOWN)}</td>
  </tr>`;
}
