import type { APIRoute } from 'astro';
import { getSiteData } from '../../site/site-data.ts';
import { buildLeaderboardIndex } from '../../site/leaderboard-index.ts';

/** The compact index behind the leaderboard's filters (not a download: see models.json). */
export const GET: APIRoute = () => {
  const { snapshot, models, tagByName } = getSiteData();
  const index = buildLeaderboardIndex(snapshot.generatedAt, models, (tag) => tagByName.get(tag)!.segment);
  return new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } });
};
