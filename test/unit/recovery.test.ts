/** What the next run does with a killed build's work folders, and which failures are the machine's refusal. */
import { describe, expect, it } from 'vitest';
import { isWorkDirOf, planRecovery, type Leftover } from '../../src/publish/sweep.ts';
import { explainBuildFailure, refusalCode } from '../../src/publish/build-failure.ts';

const leftover = (name: string, facts: Partial<Leftover> = {}): Leftover => ({
  path: `/srv/.dist.build-${name}`,
  checked: false,
  previous: false,
  mtimeMs: 0,
  ...facts,
});

describe('planRecovery', () => {
  it('removes every dead work folder and restores nothing while the site is in place', () => {
    const dead = [leftover('1', { checked: true, previous: true }), leftover('2')];
    expect(planRecovery(true, dead)).toEqual({ remove: dead.map((l) => l.path) });
  });

  it('moves the checked new site into a missing target (a kill between the renames)', () => {
    expect(planRecovery(false, [leftover('1', { checked: true, previous: true })]).restore).toEqual({ from: '/srv/.dist.build-1/dist', what: 'checked' });
  });

  it('moves the previous site back when the new one was never checked', () => {
    expect(planRecovery(false, [leftover('1', { previous: true })]).restore).toEqual({ from: '/srv/.dist.build-1/previous', what: 'previous' });
  });

  it('restores from the newest dead run that has a site', () => {
    const plan = planRecovery(false, [
      leftover('old', { previous: true, mtimeMs: 1 }),
      leftover('new', { checked: true, mtimeMs: 2 }),
      leftover('newest-but-empty', { mtimeMs: 3 }),
    ]);
    expect(plan.restore?.from).toBe('/srv/.dist.build-new/dist');
    expect(plan.remove).toHaveLength(3);
  });

  it('restores nothing when no dead run had a site (a first build killed while rendering)', () => {
    expect(planRecovery(false, [leftover('1')])).toEqual({ remove: ['/srv/.dist.build-1'] });
  });
});

describe('isWorkDirOf', () => {
  it("matches only this target's work folders", () => {
    expect(isWorkDirOf('.dist.build-1234-0a1b2c3d', '/srv/dist')).toBe(true);
    expect(isWorkDirOf('.dist.build.lock', '/srv/dist')).toBe(false);
    expect(isWorkDirOf('.dist.build-notes', '/srv/dist')).toBe(false);
    expect(isWorkDirOf('.dist2.build-1234-0a1b2c3d', '/srv/dist')).toBe(false);
    expect(isWorkDirOf('.dist.build-1234-0a1b2c3d', '/srv/site')).toBe(false);
  });
});

describe('explainBuildFailure', () => {
  it('finds a full disk in the causes and the message of wrapped errors', () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(refusalCode(new Error('render failed', { cause: full }))).toBe('ENOSPC');
    expect(refusalCode(new Error('[vite] ENOSPC: no space left on device, open /x'))).toBe('ENOSPC');
    expect(refusalCode(new AggregateError([new Error('x'), Object.assign(new Error('ro'), { code: 'EROFS' })]))).toBe('EROFS');
  });

  it("turns the machine's refusal into one line of the mirror's own failure kind", () => {
    const line = explainBuildFailure(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }), '/srv');
    expect(line?.kind).toBe('internal');
    expect(line?.toLine()).toBe(
      'error: the build stopped: the disk is full (ENOSPC) in /srv — free some space, or build on another disk with --out; the half-built site was removed and the previous one is kept',
    );
  });

  it('leaves any other failure alone (a bug keeps its stack)', () => {
    expect(explainBuildFailure(new TypeError('x is undefined'), '/srv')).toBeUndefined();
  });
});
