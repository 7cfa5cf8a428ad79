/**
 * The runner of the workflow's build job, as GitHub gives it each day: a fresh machine with the
 * checkout (a copy of the project), into which the Actions cache restores the paths the workflow
 * names, and which is gone after the job. The cache is saved as the workflow's save step says (once
 * the refresh ran, whatever came of it), and a fault may evict it. Where the machine
 * allows, all of it (and the host beside it) is on a tmpfs of its own: its disk can fill, and a year
 * of copying sites around costs no disk writes.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { copyProject } from '../project-copy.ts';
import { mountTmpfs, resizeTmpfs, tmpfsAvailable } from '../tmpfs.ts';

/** The paths of the workflow's cache step (`path:`), which a test holds equal to the workflow's. */
export const CACHED_PATHS = ['data/snapshot.db', 'data/snapshot.db.state.json', 'dist', '.dist.weights.json'];

/** What the checkout holds: everything else at its top is the run's, and gone with the machine. */
const CHECKOUT = new Set(['src', 'public', 'scripts', 'data', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'node_modules']);

/** The runner's disk when it is a tmpfs: roomy, since a tmpfs takes only what is written. */
const DISK_BYTES = 1024 * 1024 * 1024;

export class Runner {
  /** The tmpfs (or plain folder) everything of the machine is in. */
  readonly machine: string;
  readonly project: string;
  /** A second checkout, where the doctor reads the machine as the job found it while the refresh changes it. */
  readonly doctorCheckout: string;
  readonly cache: string;
  readonly temp: string;
  /** False where no tmpfs can be mounted (not root): the disk cannot be filled, and that fault is not run. */
  readonly ownDisk: boolean;
  #unmount: (() => void) | undefined;

  constructor(root: string, dir: string) {
    this.machine = dir;
    this.project = join(dir, 'runner');
    this.cache = join(dir, 'cache');
    // Apart from the disk that fills: the steps' outputs ($GITHUB_OUTPUT, the reports) still get written.
    this.temp = `${dir}-temp`;
    mkdirSync(dir, { recursive: true });
    this.ownDisk = tmpfsAvailable();
    if (this.ownDisk) this.#unmount = mountTmpfs(dir, `size=${DISK_BYTES}`);
    mkdirSync(this.project);
    copyProject(root, this.project);
    this.doctorCheckout = join(dir, 'doctor-view');
    mkdirSync(this.doctorCheckout, { recursive: true });
    copyProject(root, this.doctorCheckout);
  }

  /** The doctor's checkout with the cached paths as the machine holds them now (before its disk fills); its folder. */
  doctorView(): string {
    for (const path of CACHED_PATHS) {
      rmSync(join(this.doctorCheckout, path), { recursive: true, force: true });
      if (existsSync(join(this.project, path))) cpSync(join(this.project, path), join(this.doctorCheckout, path), { recursive: true });
    }
    return this.doctorCheckout;
  }

  /** A new day's machine: the checkout only, then the cache restored into it (none when it was evicted or never saved). */
  freshMachine(): { restored: boolean } {
    this.fillDisk(undefined);
    for (const name of readdirSync(this.project)) if (!CHECKOUT.has(name)) rmSync(join(this.project, name), { recursive: true, force: true });
    for (const name of readdirSync(join(this.project, 'data')))
      if (name !== 'sample') rmSync(join(this.project, 'data', name), { recursive: true, force: true });
    rmSync(this.temp, { recursive: true, force: true });
    mkdirSync(this.temp, { recursive: true });
    if (!existsSync(this.cache)) return { restored: false };
    for (const path of CACHED_PATHS) if (existsSync(join(this.cache, path))) cpSync(join(this.cache, path), join(this.project, path), { recursive: true });
    return { restored: true };
  }

  /** The cache now holds what the cached paths hold. */
  saveCache(): void {
    const next = `${this.cache}.next`;
    rmSync(next, { recursive: true, force: true });
    mkdirSync(join(next, 'data'), { recursive: true });
    for (const path of CACHED_PATHS) if (existsSync(join(this.project, path))) cpSync(join(this.project, path), join(next, path), { recursive: true });
    rmSync(this.cache, { recursive: true, force: true });
    renameSync(next, this.cache);
  }

  hasCache(): boolean {
    return existsSync(this.cache);
  }

  evictCache(): void {
    rmSync(this.cache, { recursive: true, force: true });
  }

  /** The disk full but for `leave` bytes (undefined: roomy again). */
  fillDisk(leave: number | undefined): void {
    if (!this.ownDisk) return;
    if (leave === undefined) {
      resizeTmpfs(this.machine, DISK_BYTES);
      return;
    }
    const { blocks, bfree, bsize } = statfsSync(this.machine);
    resizeTmpfs(this.machine, (blocks - bfree) * bsize + leave);
  }

  /** Unmounts the machine's disk: a file the host just served may hold it busy for a moment, so it tries for a few seconds, then detaches it. */
  async close(): Promise<void> {
    rmSync(this.temp, { recursive: true, force: true });
    const unmount = this.#unmount;
    this.#unmount = undefined;
    if (!unmount) return;
    for (let tries = 0; ; tries++) {
      try {
        return unmount();
      } catch (err) {
        if (tries >= 30) {
          execFileSync('umount', ['-l', this.machine], { stdio: 'pipe' });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
}
