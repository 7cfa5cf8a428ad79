/**
 * Which folder a build may replace. `build --out DIR` and `refresh --dist DIR` swap the whole
 * folder, so only a folder that is missing (in an existing folder), empty, or a previous build of
 * this site (it carries the build stamp) is accepted; anything else is refused before anything is
 * rendered or fetched. A symlink is followed: the site is built beside the link's target and
 * renamed into place there, so the link stays a link.
 */
import { accessSync, constants, lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { MirrorError } from '../core/errors.ts';
import { BUILD_STAMP } from './build-stamp.ts';

/** What is on disk at and around the folder a build would replace. */
export interface OutputFacts {
  /** The folder as the user gave it, for messages. */
  given: string;
  /** The flag that named it (`--out`, `--dist`). */
  flag: string;
  /** Where the swap happens: symlinks followed, the parent's real path. */
  target: string;
  kind: 'missing' | 'folder' | 'file' | 'other';
  parent: 'folder' | 'missing' | 'other';
  /** Entries in the folder (0 when missing). */
  entries: number;
  /** The folder holds a build stamp with a `stamp` field. */
  stamped: boolean;
  /** The folder is on another file system than its parent, where a rename cannot reach. */
  mountPoint: boolean;
  /** The parent (where the new site is built) or the folder, when it cannot be written, and why. */
  unwritable: { path: string; code: string } | undefined;
  /** The working folder is the folder or inside it. */
  holdsCwd: boolean;
  /** The snapshot file is inside the folder. */
  holdsSnapshot: string | undefined;
  /** The folder is inside the site's own sources (src/, public/). */
  inSources: boolean;
}

const ANOTHER = 'choose a folder of its own, such as dist';

/** The refusal for these facts, or undefined when the folder may be replaced. Pure. */
export function judgeOutputDir(f: OutputFacts): MirrorError | undefined {
  const name = `${f.flag} ${f.given}`;
  // "--out X is a file", but "--out X: the folder P does not exist".
  const refuse = (what: string, hint: string) => new MirrorError('usage', `${name}${/^(is|holds|cannot) /.test(what) ? ' ' : ': '}${what}`, { hint });
  if (f.parent === 'missing') return refuse(`the folder ${dirname(f.target)} does not exist`, 'create it first, or choose a folder that exists');
  if (f.parent === 'other') return refuse(`${dirname(f.target)} is not a folder`, ANOTHER);
  if (f.kind === 'file') return refuse('is a file, not a folder', 'the site is a folder; choose a folder that is missing, empty or holds a previous build');
  if (f.kind === 'other') return refuse('is not a folder (a device, pipe or socket)', ANOTHER);
  if (f.holdsCwd) return refuse('is the working folder or one of its parents, which the site would replace', ANOTHER);
  if (f.holdsSnapshot) return refuse(`holds the snapshot ${f.holdsSnapshot}, which the site would replace`, ANOTHER);
  if (f.inSources) return refuse("is inside the site's own sources (src/ or public/)", ANOTHER);
  if (f.mountPoint) {
    return refuse(
      'is a mount point; the new site is built beside it and renamed into place, which cannot cross file systems',
      'point it at a folder inside the mount, or at a symlink to one',
    );
  }
  if (f.kind === 'folder' && f.entries > 0 && !f.stamped) {
    return refuse(`holds files that are not a build of this site (no ${BUILD_STAMP} build stamp)`, 'choose an empty or new folder, or empty this one yourself');
  }
  if (f.unwritable) {
    return refuse(
      `cannot write in ${f.unwritable.path} (${f.unwritable.code})`,
      'the new site is built beside the folder and renamed into place: make both writable, or choose another folder',
    );
  }
  return undefined;
}

/** `child` is `parent` or inside it. */
export function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** Follows symlinks at `path` itself, dangling ones included (a swap killed midway leaves the link dangling). */
export function followLinks(path: string): string {
  let current = path;
  for (let hops = 0; hops < 40; hops++) {
    let isLink: boolean;
    try {
      isLink = lstatSync(current).isSymbolicLink();
    } catch {
      return current;
    }
    if (!isLink) return current;
    current = resolve(dirname(current), readlinkSync(current));
  }
  throw new MirrorError('usage', `${path}: too many levels of symbolic links`);
}

/** The real path of `path`, or of its parent joined with its name when it does not exist. */
function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return path;
    }
  }
}

const errno = (err: unknown) => (err as NodeJS.ErrnoException)?.code ?? 'error';

function kindOf(path: string): OutputFacts['kind'] {
  try {
    const st = statSync(path);
    return st.isDirectory() ? 'folder' : st.isFile() ? 'file' : 'other';
  } catch {
    return 'missing';
  }
}

/** True when `dir` holds a build of this site: its stamp file with a `stamp` field. */
export function isSiteBuild(dir: string): boolean {
  try {
    const stamp = (JSON.parse(readFileSync(join(dir, BUILD_STAMP), 'utf8')) as { stamp?: unknown } | null)?.stamp;
    return typeof stamp === 'string' && stamp.length > 0;
  } catch {
    return false;
  }
}

function unwritable(...paths: string[]): OutputFacts['unwritable'] {
  for (const path of paths) {
    try {
      accessSync(path, constants.W_OK);
    } catch (err) {
      return { path, code: errno(err) };
    }
  }
  return undefined;
}

export interface OutputCheckOptions {
  flag: string;
  /** The snapshot file the build reads (or will load the sample into). */
  snapshot: string;
  cwd?: string;
}

/** Gathers the facts about `given`, read from disk. */
export function readOutputFacts(given: string, { flag, snapshot, cwd = process.cwd() }: OutputCheckOptions): OutputFacts {
  const target = canonical(followLinks(resolve(cwd, given)));
  const parentKind = kindOf(dirname(target));
  const kind = kindOf(target);
  let entries = 0;
  let mountPoint = false;
  if (kind === 'folder') {
    try {
      entries = readdirSync(target).length;
    } catch {
      entries = Number.POSITIVE_INFINITY;
    }
    mountPoint = statSync(target).dev !== statSync(dirname(target)).dev;
  }
  const realCwd = canonical(cwd);
  const snapshotPath = resolve(cwd, snapshot);
  // Both where the snapshot's name is and, for a symlinked snapshot, where its bytes are.
  const snapshotHomes = [canonical(dirname(snapshotPath)), dirname(canonical(snapshotPath))];
  return {
    given,
    flag,
    target,
    kind,
    parent: parentKind === 'folder' ? 'folder' : parentKind === 'missing' ? 'missing' : 'other',
    entries,
    stamped: kind === 'folder' && isSiteBuild(target),
    mountPoint,
    unwritable: parentKind === 'folder' ? unwritable(dirname(target), ...(kind === 'folder' ? [target] : [])) : undefined,
    holdsCwd: isInside(realCwd, target),
    holdsSnapshot: snapshotHomes.some((home) => isInside(home, target)) ? snapshot : undefined,
    inSources: ['src', 'public'].some((source) => isInside(target, join(realCwd, source))),
  };
}

/**
 * The folder where the swap happens for `given` (symlinks followed), after checking that it may
 * be replaced; throws a usage MirrorError (exit 2) that names the problem otherwise.
 */
export function resolveOutputDir(given: string, options: OutputCheckOptions): string {
  if (given.trim() === '') {
    throw new MirrorError('usage', `${options.flag} is empty`, { hint: `name the folder the site goes to, for example ${options.flag} dist` });
  }
  const facts = readOutputFacts(given, options);
  const refusal = judgeOutputDir(facts);
  if (refusal) throw refusal;
  return facts.target;
}
