// The Astro build of build-site.ts, in a process of its own: its heap and young generation are its own
// (astro-render.ts), and its memory is gone when it ends, before the search index is made. Plain
// JavaScript, loaded as Node loads any module. It takes { outDir, logLevel, input } by IPC (input: what
// the pages render, src/site/plan/render-input.ts), sends { progress } as it goes (render-progress.mjs),
// and answers { peakKb, cpuMs } or { error, peakKb, cpuMs } (its own CPU time, which the build reports
// beside its wall time); it ends itself when its parent goes.
import { promises as fsp } from 'node:fs';
import { build } from 'astro';
import { renderInputPlugin } from '../site/plan/render-input.ts';
import { ownPeakKb } from './own-peak.mjs';
import { renderProgress } from './render-progress.mjs';

/** What the parent needs of an error: its message, stack and the codes of its causes (build-failure.ts reads them). */
function plain(err, depth = 0) {
  if (!err || typeof err !== 'object' || depth > 8) return { message: String(err) };
  const inner = [err.cause, ...(Array.isArray(err.errors) ? err.errors : [])].filter(Boolean);
  return {
    message: String(err.message ?? err),
    stack: typeof err.stack === 'string' ? err.stack : undefined,
    code: typeof err.code === 'string' ? err.code : undefined,
    errors: inner.map((e) => plain(e, depth + 1)),
  };
}

/**
 * Astro 7 renders a site whose outDir lies outside the working directory (the build's --out, and its work
 * folder beside it) through `./.astro/.prerender/` here, then moves the pages' scripts and stylesheets into
 * outDir with `fs.promises.rename`, which fails (EXDEV) when --out is on another file system than the
 * project: a build into a RAM disk or a mounted volume stopped. Across file systems the move is a copy and a
 * removal instead; on one file system it is the rename it was.
 */
const rename = fsp.rename;
fsp.rename = async (from, to) => {
  try {
    return await rename(from, to);
  } catch (err) {
    if (err?.code !== 'EXDEV') throw err;
    await fsp.cp(from, to, { recursive: true, force: true, preserveTimestamps: true });
    await fsp.rm(from, { recursive: true, force: true });
  }
};

process.on('disconnect', () => process.exit(1));
process.once('message', ({ outDir, logLevel, input }) => {
  const progress = renderProgress((state) => process.send({ progress: state }));
  const answer = (message, code) => {
    progress.stop();
    const cpu = process.cpuUsage();
    process.send({ ...message, peakKb: ownPeakKb(), cpuMs: (cpu.user + cpu.system) / 1000 }, () => process.exit(code));
  };
  build({ root: process.cwd(), outDir, logLevel, integrations: [progress.integration], vite: { plugins: [renderInputPlugin(input, 'pre')] } }).then(
    () => answer({}, 0),
    (err) => answer({ error: plain(err) }, 1),
  );
});
