/**
 * The environment of the build's child processes (the Astro render, the extras worker and, through
 * it, Pagefind), with two allocators held to what they use; a value the maintainer set is kept.
 *
 * - glibc gives every thread that allocates its own heap ("arena"), up to eight per core, and keeps
 *   what those heaps freed: with V8's helper threads and libuv's file system threads the render and
 *   the worker held 60 MB (10,000 configurations) to 180 MB (50,000, after loading the data) more
 *   than they used. Two arenas keep that in check.
 * - mimalloc, the allocator inside Astro 7's bundler (Rolldown's native binding), commits memory
 *   eagerly and gives back what was freed only a second later: the render held about 190 MB of it
 *   from bundling to its end. Returned at once and committed as used, the render's peak at 10,000 x
 *   365 fell from 623-682 MB (five builds) to 528-539 MB (three), its CPU the same (28.8-29.5 s
 *   against 29.6-32.6 s), and the build's peak from 1,024-1,075 MB to 911-928 MB.
 */
export const CHILD_ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MIMALLOC_PURGE_DELAY: '0',
  MIMALLOC_ARENA_EAGER_COMMIT: '0',
};

export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const [name, value] of Object.entries(CHILD_ALLOCATOR_ENV)) out[name] = env[name] ?? value;
  return out;
}
