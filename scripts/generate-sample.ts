/**
 * Writes a generated v1 export (and the model details) to a folder. Without flags it makes the
 * bundled sample in data/sample/.
 *
 *   npm run generate-sample -- [--configurations 300] [--benches 60] [--tags 150] [--seed 1]
 *                                  [--revision 0] [--no-details] [--out data/sample]
 */
import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EXIT_CODES, MirrorError } from '../src/core/errors.ts';
import { SAMPLE_SIZE, generateSample, serializeDetails, serializeExport, type GenerateOptions } from '../src/dev/sample/generate.ts';

const USAGE = 'usage: npm run generate-sample -- [--configurations N] [--benches N] [--tags N] [--seed N] [--revision N] [--no-details] [--out DIR]';

interface Args {
  options: GenerateOptions;
  out: string;
}

/** A bad flag: the same usage failure (exit 2) as every other command's. */
const usage = (message: string) => new MirrorError('usage', message, { hint: 'see --help' });

function parseArgs(argv: readonly string[]): Args | 'help' {
  const options: GenerateOptions = { ...SAMPLE_SIZE, seed: 1, revision: 0, withDetails: true };
  let out = 'data/sample';
  const integer = (flag: string, value: string | undefined): number => {
    if (value === undefined || !/^\d+$/.test(value)) throw usage(`${flag} needs a non-negative integer (got ${value ?? 'nothing'})`);
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw usage(`${flag} is too large`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => (eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : argv[++i]);
    switch (flag) {
      case '--configurations':
        options.configurations = integer(flag, value());
        break;
      case '--benches':
        options.benches = integer(flag, value());
        break;
      case '--tags':
        options.tags = integer(flag, value());
        break;
      case '--seed':
        options.seed = integer(flag, value());
        break;
      case '--revision':
        options.revision = integer(flag, value());
        break;
      case '--no-details':
        options.withDetails = false;
        break;
      case '--out': {
        const dir = value();
        if (!dir) throw usage('--out needs a folder');
        out = dir;
        break;
      }
      case '--help':
      case '-h':
        return 'help';
      default:
        throw usage(`unknown argument ${JSON.stringify(arg)}`);
    }
  }
  return { options, out };
}

/** Writes beside the target and renames, so a reader never sees half a file. */
function writeAtomically(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function main(): number {
  let args: Args | 'help';
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof MirrorError)) throw error;
    console.error(`${error.toLine()}\n${USAGE}`);
    return error.exitCode;
  }
  if (args === 'help') {
    console.log(USAGE);
    return EXIT_CODES.ok;
  }
  const { options, out } = args;

  const started = performance.now();
  let sample;
  try {
    sample = generateSample(options);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    console.error(`${usage(error.message).toLine()}\n${USAGE}`);
    return EXIT_CODES.usage;
  }
  const exportText = serializeExport(sample.export);
  const detailsText = options.withDetails === false ? undefined : serializeDetails(sample.details);
  const elapsed = performance.now() - started;

  const dir = resolve(out);
  mkdirSync(dir, { recursive: true });
  const exportPath = join(dir, 'export.json');
  const detailsPath = join(dir, 'details.json');
  writeAtomically(exportPath, exportText);
  const e = sample.export;
  console.log(
    `wrote ${exportPath}: ${kib(Buffer.byteLength(exportText))}, ${e.models.length} configurations, ${e.benches.length} benches, ${e.tags.length} tags, ` +
      `generatedAt ${new Date(e.generatedAt).toISOString()}`,
  );
  if (detailsText !== undefined) {
    writeAtomically(detailsPath, detailsText);
    const scores = Object.values(sample.details).reduce((n, d) => n + d.scores.length, 0);
    console.log(`wrote ${detailsPath}: ${kib(Buffer.byteLength(detailsText))}, ${Object.keys(sample.details).length} details, ${scores} score entries`);
  } else if (existsSync(detailsPath)) {
    // A details.json from another run would not match this export.
    rmSync(detailsPath);
    console.log(`removed ${detailsPath}: it belonged to an earlier run (--no-details)`);
  }
  console.log(`generated in ${elapsed.toFixed(0)} ms (seed ${options.seed ?? 1}, revision ${options.revision ?? 0})`);
  return EXIT_CODES.ok;
}

process.exitCode = main();
