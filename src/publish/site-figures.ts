/**
 * What a built site weighs in the terms hosts limit (files, the largest folder, the largest file,
 * bytes in all), and by kind of output, so the next build can plan with measured weights.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteFigures } from '../site/plan/hosts.ts';
import { OUTPUT_KINDS, type OutputKind } from '../site/plan/output-kinds.ts';
import { kindOf } from '../site/plan/page-kinds.ts';

export interface MeasuredSite extends SiteFigures {
  kinds: Record<OutputKind, { files: number; bytes: number }>;
}

/**
 * Walks `dist` once: every file's size, every folder's entries; `visit` sees each file (its path from
 * the site's root and on disk), so a check of the pages needs no walk of its own.
 */
export function measureSite(dist: string, visit?: (rel: string, path: string) => void): MeasuredSite {
  const kinds = Object.fromEntries(OUTPUT_KINDS.map((k) => [k, { files: 0, bytes: 0 }])) as MeasuredSite['kinds'];
  let files = 0;
  let bytes = 0;
  let largestFolder = { path: '', entries: 0 };
  let largestFile = { path: '', bytes: 0 };
  const walk = (dir: string, rel: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    if (entries.length > largestFolder.entries) largestFolder = { path: rel || '.', entries: entries.length };
    for (const entry of entries) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(join(dir, entry.name), path);
      else {
        // A hard link (a reused card or search index) counts as a file of its own, as a host sees it.
        const abs = join(dir, entry.name);
        visit?.(path, abs);
        const size = lstatSync(abs).size;
        files++;
        bytes += size;
        if (size > largestFile.bytes) largestFile = { path, bytes: size };
        const kind = kinds[kindOf(path)];
        kind.files++;
        kind.bytes += size;
      }
    }
  };
  walk(dist, '');
  return { files, bytes, largestFolder, largestFile, kinds };
}
