/**
 * GitHub Actions workflow commands (`::warning title=…::message`), so what the maintainer must act
 * on reaches the run's summary as an annotation, not only a line in the log.
 */
import type { Env } from './env.ts';

/** Inside a GitHub Actions job. */
export const inGitHubActions = (env: Env): boolean => env.GITHUB_ACTIONS === 'true';

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function workflowCommand(level: 'notice' | 'warning' | 'error', title: string, message: string): string {
  return `::${level} title=${escapeProperty(title)}::${escapeData(message)}`;
}

/**
 * The API's announcements about this answer: a `Deprecation` or `Sunset` header, or an
 * `X-Schema-Version` other than v1 (an absent one is only a log line). Values are quoted short.
 */
export function apiChangeAnnotations(headers: Record<string, string>, path: string): string[] {
  const quote = (v: string) => JSON.stringify(v.slice(0, 60));
  const out: string[] = [];
  const version = headers['x-schema-version'];
  if (version !== undefined && version !== 'v1') {
    out.push(
      workflowCommand(
        'warning',
        'API schema version',
        `${path} answered with X-Schema-Version ${quote(version)}, not v1; it was validated as v1. Check the API changelog.`,
      ),
    );
  }
  if (headers.deprecation !== undefined || headers.sunset !== undefined) {
    const parts = [
      headers.deprecation !== undefined ? `deprecated (Deprecation: ${quote(headers.deprecation)})` : '',
      headers.sunset !== undefined ? `stops working ${quote(headers.sunset)} (Sunset)` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    out.push(workflowCommand('warning', 'API deprecation', `the API says ${path} is ${parts}. Check the API changelog and update the mirror before then.`));
  }
  return out;
}
