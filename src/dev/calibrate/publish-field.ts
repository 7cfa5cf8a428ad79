/**
 * A field through the mirror's real path: its export and details written as files, stored by the
 * `snapshot` command (`--from-file`, `--details-file`) as `npm run snapshot` starts it, then the
 * downloads the ranges are read from made by the functions the build's pages and extras worker call
 * (models.json, model-list.json, evidence.json, every model's data file), written to disk and read back: the harness
 * scores what is published, never the mirror's internal objects.
 *
 * The rest of a build (pages, cards, feeds, the search index) does not bear on the ranges and costs
 * a minute a field even with the stub render (the cards), so it is not made.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getSiteData, releaseSiteData } from '../../site/data/site-data.ts';
import { evidenceJson, modelListJson, modelsJson } from '../../site/files/downloads.ts';
import type { ModelListEntry } from '../../site/compare/model-data.ts';
import { modelFile, type ModelFile } from '../../site/files/model-file.ts';
import { attribution, type modelRecord } from '../../site/files/records.ts';
import type { EvidenceFacts } from '../../site/evidence/evidence-file.ts';
import { inputOutsideBuild } from '../../site/plan/render-input.ts';
import { serializeDetailsBuffer, serializeExport } from '../sample/generate.ts';
import { readNodeCommands } from '../bench/npm-script.ts';
import { REPO_ROOT } from '../bench/stage-process.ts';
import type { Field } from './field.ts';

/** What the harness reads of a field's site: the files as published. */
export interface Published {
  models: ReturnType<typeof modelRecord>[];
  evidence: EvidenceFacts;
  /** model-list.json's rows, in model rank order. */
  modelList: ModelListEntry[];
  /** Each model's data file, by familyTag. */
  modelFiles: Map<string, ModelFile>;
  /** How far the ends of the likely ranges moved with another seed of the resamples, when asked. */
  stability?: Stability;
}

/** The ends of the likely ranges under another seed, against the build's: mean and largest move, in model ranks. */
export interface Stability {
  ends: number;
  meanMove: number;
  largestMove: number;
}

/** Another seed for the stability check: anything but the build's. */
const OTHER_SEED = 0x1234_5678;

/** Runs `npm run snapshot`'s command with `args`; rejects with its output unless it exits 0. */
function snapshotCommand(args: string[]): Promise<void> {
  const { snapshot } = readNodeCommands(REPO_ROOT, ['snapshot']);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...snapshot.nodeArgs, snapshot.script, ...snapshot.args, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, RANKING_API_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`snapshot exited ${code}:\n${output.slice(-2000)}`))));
  });
}

/** Stores `field` in `dir` with the snapshot command, writes its downloads into `dir/data/` and reads them back. */
export async function publishField(field: Field, dir: string, { stability = false, ungated = false } = {}): Promise<Published> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'data', 'models'), { recursive: true });
  const [exportPath, detailsPath, db] = ['export.json', 'details.json', 'snapshot.db'].map((f) => join(dir, f));
  writeFileSync(exportPath!, serializeExport(field.export));
  writeFileSync(detailsPath!, serializeDetailsBuffer(field.details));
  await snapshotCommand(['--from-file', exportPath!, '--details-file', detailsPath!, '--out', db!, '--quiet']);

  releaseSiteData();
  const data = getSiteData(inputOutsideBuild(db!, {}), { ungated });
  const write = async (name: string, body: Response) => writeFileSync(join(dir, 'data', name), Buffer.from(await body.arrayBuffer()));
  await write('models.json', modelsJson(data));
  await write('evidence.json', evidenceJson(data));
  await write('model-list.json', modelListJson(data));
  const fileAttribution = attribution(data);
  for (const model of data.models) writeFileSync(join(dir, 'data', 'models', `${model.segment}.json`), JSON.stringify(modelFile(data, model, fileAttribution)));
  const models = data.models.map((m) => m.segment);
  const ranges = data.models.map((m) => data.evidence().model(m).range);
  releaseSiteData();
  let moved: Stability | undefined;
  if (stability) {
    const other = getSiteData(inputOutsideBuild(db!, {}), { evidenceSeed: OTHER_SEED, ungated });
    const moves = other.models.flatMap((m, i) => {
      const a = ranges[i];
      const b = other.evidence().model(m).range;
      return a && b ? [Math.abs(a.low - b.low), Math.abs(a.high - b.high)] : [];
    });
    moved = { ends: moves.length, meanMove: moves.reduce((x, y) => x + y, 0) / Math.max(1, moves.length), largestMove: Math.max(0, ...moves) };
    releaseSiteData();
  }

  const read = <T>(name: string): T => JSON.parse(readFileSync(join(dir, 'data', name), 'utf8')) as T;
  const files = models.map((segment) => read<ModelFile>(join('models', `${segment}.json`)));
  return {
    models: read<{ models: Published['models'] }>('models.json').models,
    evidence: read<EvidenceFacts>('evidence.json'),
    modelList: read<{ models: ModelListEntry[] }>('model-list.json').models,
    modelFiles: new Map(files.map((f) => [f.model.familyTag, f])),
    stability: moved,
  };
}
