/** A command's flags, parsed strictly with `node:util`'s parseArgs; a wrong one is a usage error (exit 2) naming it. */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { MirrorError } from './errors.ts';

export function parseFlags<const O extends ParseArgsOptionsConfig>(argv: string[], options: O, command: string) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    // Node's message runs on with advice about '--'; its first sentence names the flag.
    throw new MirrorError('usage', (err as Error).message.split(/\.\s/)[0]!, { hint: `see ${command} -- --help` });
  }
}
