/** The site's data for this render: the snapshot and plan the build handed it (src/site/plan/render-input.ts), loaded once. */
import input from 'virtual:mirror/render-input';
import { getSiteData } from '../site/data/site-data.ts';

export const siteData = () => getSiteData(input);
