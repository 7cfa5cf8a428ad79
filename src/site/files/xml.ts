/** Text in XML (feeds, SVG): made valid XML 1.0 character data by cleanText, then escaped. */
import { cleanText } from '../format/text.ts';

const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

/** Safe as element content and inside a quoted attribute. */
export const xmlText = (value: string) => cleanText(value).replace(/[<>&'"]/g, (c) => ENTITIES[c]!);
