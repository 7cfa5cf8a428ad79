/**
 * The worker of test/helpers/html-validate.ts: one validator for its whole life, so that html-validate is loaded, its
 * settings resolved and its code compiled once per test process, not once per site. Each message names pages of a site;
 * it validates them in turn and posts back, with the message's id, how many it read and what was wrong, at most
 * MAX_PROBLEMS of it.
 */
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { HtmlValidate, StaticConfigLoader } from 'html-validate';
import config from '../../.htmlvalidate.mjs';

const MAX_PROBLEMS = 40;

/** Resolves the settings once: StaticConfigLoader builds them, element metadata included, anew for every page (a third of the time). */
class OnceConfigLoader extends StaticConfigLoader {
  resolved;
  getConfigFor(handle, override) {
    return (this.resolved ??= super.getConfigFor(handle, override));
  }
}

const validator = new HtmlValidate(new OnceConfigLoader(config));

parentPort.on('message', ({ id, root, files }) => {
  const problems = [];
  let errors = 0;
  const problem = (text) => {
    errors++;
    if (problems.length < MAX_PROBLEMS) problems.push(text);
  };
  for (const file of files) {
    const source = readFileSync(`${root}/${file}`, 'utf8');
    // html-validate parses what follows </html> into the body, as browsers do; the HTML standard (and the Nu checker) allows nothing there but white space and comments.
    if (!/<\/html>\s*$/i.test(source)) problem(`${file}: the document does not end with </html>`);
    for (const result of validator.validateStringSync(source, file).results) {
      for (const m of result.messages) problem(`${file}:${m.line}:${m.column} ${m.ruleId}: ${m.message} (${m.selector ?? 'document'})`);
    }
  }
  parentPort.postMessage({ id, report: { pages: files.length, errors, problems } });
});
