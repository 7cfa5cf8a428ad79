/**
 * Work folders of killed builds. A build renders into `.<name>.build-<pid>-<tag>/` beside the
 * folder it replaces and holds that folder's build lock (`.<name>.build.lock`, a kernel lock) from
 * before its work folder exists until after it is gone. So whoever holds the lock knows that every
 * work folder there belongs to a dead run: it removes them, and when a kill came between the two
 * renames of the swap (no site in place), first moves the dead run's checked site, or else the
 * site it had moved aside, back into place.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MirrorError } from '../core/errors.ts';
import { acquireLock } from '../core/lock.ts';
import type { Reporter } from '../core/reporter.ts';
import { isSiteBuild } from './output-dir.ts';

/** The subfolders of a work folder: the new site, and the old one while the swap runs. */
export const FRESH = 'dist';
export const PREVIOUS = 'previous';

/** A new work folder's name beside `target`; the pid and tag keep concurrent runs apart. */
export const workDirName = (target: string) => `.${basename(target)}.build-${process.pid}-${randomBytes(4).toString('hex')}`;

/** True when `entry` (a name in the folder holding `target`) is a work folder of a build of `target`. */
export function isWorkDirOf(entry: string, target: string): boolean {
  const prefix = `.${basename(target)}.build-`;
  return entry.startsWith(prefix) && /^\d+-[0-9a-f]{8}$/.test(entry.slice(prefix.length));
}

/** Takes the build lock of `target`, waiting up to `waitMs` for a live build of it. */
export const lockOutput = (target: string, waitMs: number) => acquireLock(join(dirname(target), `.${basename(target)}.build`), waitMs);

export interface Leftover {
  path: string;
  /** Its new site passed the checks and carries the build stamp. */
  checked: boolean;
  /** It holds the site it moved aside for the swap. */
  previous: boolean;
  mtimeMs: number;
}

export interface RecoveryPlan {
  /** What to rename into the missing target. */
  restore?: { from: string; what: 'checked' | 'previous' };
  remove: string[];
}

/**
 * What to do with the work folders of dead runs. Only a missing target is restored, from the
 * newest dead run that has a site: its checked new site (the swap it was doing), else the one it moved aside. Pure.
 */
export function planRecovery(targetExists: boolean, leftovers: Leftover[]): RecoveryPlan {
  const remove = leftovers.map((l) => l.path);
  if (targetExists) return { remove };
  const newest = [...leftovers].sort((a, b) => b.mtimeMs - a.mtimeMs).find((l) => l.checked || l.previous);
  if (!newest) return { remove };
  return { restore: newest.checked ? { from: join(newest.path, FRESH), what: 'checked' } : { from: join(newest.path, PREVIOUS), what: 'previous' }, remove };
}

function leftoversOf(target: string): Leftover[] {
  let entries: string[];
  try {
    entries = readdirSync(dirname(target));
  } catch {
    return [];
  }
  return entries
    .filter((entry) => isWorkDirOf(entry, target))
    .map((entry) => join(dirname(target), entry))
    .filter((path) => statSync(path).isDirectory())
    .map((path) => ({ path, checked: isSiteBuild(join(path, FRESH)), previous: existsSync(join(path, PREVIOUS)), mtimeMs: statSync(path).mtimeMs }));
}

/** Restores a site lost in a killed swap and removes dead runs' work folders; the caller holds the build lock of `target`. */
export function recoverLeftovers(target: string, shown: string, reporter: Reporter): void {
  const plan = planRecovery(existsSync(target), leftoversOf(target));
  if (plan.restore) {
    renameSync(plan.restore.from, target);
    reporter.warn(
      plan.restore.what === 'checked'
        ? `${shown}/ was missing: a build was killed while swapping it in; its checked site is now in place`
        : `${shown}/ was missing: a build was killed while swapping it in; the site it had moved aside is back in place`,
    );
  }
  for (const path of plan.remove) rmSync(path, { recursive: true, force: true });
  if (plan.remove.length) reporter.info(`removed ${plan.remove.length} work folder(s) of killed builds beside ${shown}/`);
}

/** `recoverLeftovers`, unless a live build of `target` holds its lock: it swept when it took the lock, and nobody else can have left anything since. */
export async function recoverLeftoversIfIdle(target: string, shown: string, reporter: Reporter): Promise<void> {
  let release: () => void;
  try {
    release = await lockOutput(target, 0);
  } catch (err) {
    if (err instanceof MirrorError && err.kind === 'usage') return;
    throw err;
  }
  try {
    recoverLeftovers(target, shown, reporter);
  } finally {
    release();
  }
}
