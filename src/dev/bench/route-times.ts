/**
 * The build's time per page type, from Astro's own page lines (`MIRROR_ASTRO_LOG_LEVEL=info`):
 * Astro renders one route after another, so a route's time is from its `▶` line to the next route's,
 * timed as the lines arrive; each `├─ /path (+3ms)` line names a file of that route.
 */

export interface RouteTime {
  /** The route's source file under src/pages/, without its extension: `models/[model]`, `data/models/[model].json`. */
  route: string;
  /** The files it wrote, relative to dist/. */
  files: string[];
  ms: number;
}

const ROUTE = /[▶λ] src\/pages\/(\S+?)\.(?:astro|ts|js|mjs)\s*$/;
const PAGE = /[├└]─ \/(\S*)/;
const DONE = /✓ Completed in/;
// Astro colours its lines even into a pipe when CI is set.
const ANSI = /\u001b\[[0-9;]*m/g;

/** A file as Astro prints it (`/data/models/x.json/` for an endpoint in directory format) to its path in dist/. */
export const distPath = (printed: string): string => (/\.[a-z0-9]+\/$/i.test(printed) ? printed.slice(0, -1) : printed);

export class RouteTimer {
  private readonly done: RouteTime[] = [];
  private current: { route: string; files: string[]; from: number } | undefined;

  /** One line of the build's output and when it arrived (ms, any clock). */
  feed(raw: string, at: number): void {
    const line = raw.replace(ANSI, '');
    const route = ROUTE.exec(line);
    if (route) {
      this.close(at);
      this.current = { route: route[1]!, files: [], from: at };
      return;
    }
    if (!this.current) return;
    const page = PAGE.exec(line);
    if (page) this.current.files.push(distPath(page[1]!));
    else if (DONE.test(line)) this.close(at);
  }

  private close(at: number): void {
    if (this.current) this.done.push({ route: this.current.route, files: this.current.files, ms: at - this.current.from });
    this.current = undefined;
  }

  /** Every route seen, in build order; a route still open at `end` ends there. */
  routes(end: number): RouteTime[] {
    this.close(end);
    return this.done;
  }
}
