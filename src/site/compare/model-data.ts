/**
 * Where the comparison page finds a model's data file, and how it reads one: its own file for a
 * model with a page (`data/models/{model}.json`), else the file it shares with other models without
 * one (`data/model-groups/{n}.json`), each gzipped (`.gz`) where the deploy target's plan asks for it.
 * Browser-safe: no Node modules.
 */
import type { ModelFile, SharedModelFile } from '../files/model-file.ts';

export type { ModelListEntry } from '../files/model-file.ts';

/** Reads a text body that may be gzipped: a host that serves `.gz` as it is sends the compressed bytes, one that decodes it sends the text. */
export async function readText(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Response(stream).text();
  }
  return new TextDecoder().decode(bytes);
}

/** Reads a JSON body that may be gzipped (readText). */
export const readJson = async <T>(response: Response): Promise<T> => JSON.parse(await readText(response)) as T;

/** The model's file as its own data file would hold it, from the file it was found in (its own, or a shared one). */
export function modelFileFrom(body: ModelFile | SharedModelFile, segment: string): ModelFile | undefined {
  if (!('models' in body)) return body.model.segment === segment ? body : undefined;
  const { models, ...header } = body;
  const entry = models.find((m) => m.model.segment === segment);
  return entry && { ...header, ...entry };
}
