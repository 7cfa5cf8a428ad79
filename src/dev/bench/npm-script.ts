/**
 * The node command line behind an npm script of package.json, so every measured stage starts
 * with exactly the flags a maintainer's `npm run` would use (heap size, loaders).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface NodeCommand {
  /** Flags for node before the script, e.g. ['--max-old-space-size=1024', '--import', './scripts/supported-node.mjs']. */
  nodeArgs: string[];
  /** The script path, relative to the repository root. */
  script: string;
  /** Arguments written after the script in package.json. */
  args: string[];
}

/** Node flags that take their value as the next word. */
const FLAGS_WITH_VALUE = new Set([
  '--import',
  '--require',
  '-r',
  '--loader',
  '--experimental-loader',
  '--env-file',
  '--conditions',
  '-C',
  '--title',
  '--input-type',
  '--stack-size',
]);

/**
 * `node [flags] script [args]`. Anything else (a shell pipeline, another program) is refused: the
 * benchmark would not measure it.
 */
export function nodeCommandOf(line: string): NodeCommand {
  const words = line.trim().split(/\s+/);
  const [program, ...rest] = words;
  if (program !== 'node') throw new Error(`cannot benchmark the npm script "${line}": it must start with node`);
  const nodeArgs: string[] = [];
  if (rest.some((w) => /[|&;<>$`'"]/.test(w))) throw new Error(`cannot benchmark the npm script "${line}": shell syntax`);
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (!word.startsWith('-')) return { nodeArgs, script: word, args: rest.slice(i + 1) };
    nodeArgs.push(word);
    if (FLAGS_WITH_VALUE.has(word)) {
      const value = rest[++i];
      if (value === undefined) break;
      nodeArgs.push(value);
    }
  }
  throw new Error(`cannot benchmark the npm script "${line}": no script file in it`);
}

/** The node command of each named npm script in `<root>/package.json`. */
export function readNodeCommands<const N extends string>(root: string, names: readonly N[]): Record<N, NodeCommand> {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  const out = {} as Record<N, NodeCommand>;
  for (const name of names) {
    const line = scripts[name];
    if (line === undefined) throw new Error(`package.json has no "${name}" script`);
    out[name] = nodeCommandOf(line);
  }
  return out;
}

/** Only the heap flags of a command (for the reference build, which runs Astro's CLI alone). */
export const heapFlagsOf = (command: NodeCommand): string[] => command.nodeArgs.filter((a) => /^--max-(old|semi)-space-size=/.test(a));
