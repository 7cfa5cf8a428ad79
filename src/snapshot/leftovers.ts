/**
 * What a killed run leaves beside a snapshot: its temporary snapshot file (with any SQLite journal
 * of it) and its temporary fetch-state file. Every run that writes these holds the target's kernel
 * lock the whole time, so once this run holds it, any such file belongs to a run that is gone. The
 * PID in a name is not consulted: in a fresh PID namespace a dead run's PID may be anyone's, ours included.
 */
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** `<name>.tmp-<pid>-<hex>` and `<name>.state.json.tmp-<pid>-<hex>` (src/store/atomic-replace.ts; older runs left no `-<hex>`), and SQLite's companions. */
function leftoverPattern(target: string): RegExp {
  const name = basename(target).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${name}(?:\\.state\\.json)?\\.tmp-(\\d+)(?:-[0-9a-f]+)?(?:-journal|-wal|-shm)?$`);
}

/** Removes the leftovers of dead runs beside `target`; call only while holding its lock. Returns the names removed. */
export function sweepLeftovers(target: string): string[] {
  const folder = dirname(target);
  const pattern = leftoverPattern(target);
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!pattern.test(name)) continue;
    const path = join(folder, name);
    try {
      if (!lstatSync(path).isFile()) continue;
      rmSync(path, { force: true });
      removed.push(name);
    } catch {
      // Gone already, or not ours to remove: the next run tries again.
    }
  }
  return removed;
}
