/**
 * undici's connection pool, loaded and made at the first request: undici is about 110 modules and a tenth of a second
 * of CPU at start-up, which a command that asks nothing over the network (a snapshot `--from-file`, a build without
 * STATE_URL, a refresh of a file) need not spend. The API client and the site fetcher each hold one.
 */
import type { Agent } from 'undici';

type Undici = typeof import('undici');

let undici: Promise<Undici> | undefined;

/** A pool and the function that asks through it. */
export interface Http {
  agent: Agent;
  request: Undici['request'];
}

export class LazyAgent {
  readonly #options: Agent.Options;
  #made: Promise<Http> | undefined;

  constructor(options: Agent.Options) {
    this.#options = options;
  }

  /** The pool and undici's `request`, made on the first call. */
  get(): Promise<Http> {
    return (this.#made ??= (undici ??= import('undici')).then((u) => ({ agent: new u.Agent(this.#options), request: u.request })));
  }

  /** Closes the pool, if a request made one. */
  async close(): Promise<void> {
    if (this.#made) await (await this.#made).agent.close();
  }
}
