import type { APIRoute } from 'astro';
import { siteData } from '../_site.ts';
import { attribution } from '../../site/files/records.ts';
import { leaderboardIndexOf } from '../../site/routes/leaderboard.ts';

/** The compact index behind the leaderboard's filters, with the attribution like every download. */
export const GET: APIRoute = () => {
  const data = siteData();
  return new Response(JSON.stringify({ ...attribution(data), ...leaderboardIndexOf(data) }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
