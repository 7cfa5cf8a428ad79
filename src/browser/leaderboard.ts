/** The leaderboard's script: its list (src/site/lists/leaderboard.ts) enhanced, its rows drawn with the pages' own cells. */
import { LEADERBOARD, leaderboardRows } from '../site/lists/leaderboard.ts';
import { LEADERBOARD_ROWS } from '../views/parts/list-table.ts';
import { enhanceList, indexSource } from './list-view.ts';

export const enhanceLeaderboard = () => enhanceList(LEADERBOARD, (url) => indexSource(url, leaderboardRows), LEADERBOARD_ROWS);
