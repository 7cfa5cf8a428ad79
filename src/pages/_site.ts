/** What this render was handed (src/site/plan/render-input.ts): the site's data, loaded once, and the published snapshot file's figures. */
import input from 'virtual:mirror/render-input';
import { getSiteData } from '../site/data/site-data.ts';
import { readPublishedState } from '../site/files/snapshot-db.ts';

export const siteData = () => getSiteData(input);

/** The snapshot file this build published, once the build has made it; undefined outside a build. */
export const publishedState = () => readPublishedState(input.handover);
