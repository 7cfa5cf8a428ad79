/**
 * The environment of the build's child processes (the Astro render, the extras worker and, through
 * it, Pagefind). glibc gives every thread that allocates its own heap ("arena"), up to eight per
 * core, and keeps what those heaps freed: with V8's helper threads and libuv's file system threads
 * the render and the worker held 60 MB (10,000 configurations) to 180 MB (50,000, after loading the
 * data) more than they used. Two arenas keep that in check; a value the maintainer set is kept.
 */
export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}
