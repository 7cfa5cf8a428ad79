/** The simulated month as the benchmark prints it: a table of days, then what it adds up to. Pure. */
import { markdownTable, thousands } from '../bench/report.ts';
import type { MonthResult } from './simulate-month.ts';

const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;
const kb = (bytes: number) => `${thousands(Math.round(bytes / 1024))} KB`;

export function monthReport(result: MonthResult, heading: string): string {
  const { days, monthlyQuota, share } = result;
  const rows = days.map((d) => [
    String(d.day),
    new Date(d.at).toISOString().slice(0, 10),
    thousands(d.configurations),
    thousands(d.withDetails),
    pct(d.withDetails / Math.max(1, d.configurations)),
    thousands(d.olderThan7Days),
    thousands(d.detailRequests),
    thousands(d.requests),
    thousands(d.monthUsed),
    pct(d.monthUsed / monthlyQuota, 2),
  ]);
  const table = markdownTable(
    ['day', 'date', 'configurations', 'with details', 'coverage', 'older than 7 d', 'detail requests', 'requests', 'month so far', 'of quota'],
    rows,
    ['r', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
  const perDay = days.map((d) => d.requests).sort((a, b) => a - b);
  const last = days.at(-1)!;
  const details = days.reduce((n, d) => n + d.detailRequests, 0);
  const first = days[0]!.exportBytes;
  const lines = [
    `### ${heading}`,
    '',
    table,
    '',
    result.fullCoverageDay !== undefined
      ? `- Every configuration had details on day ${result.fullCoverageDay}.`
      : `- Not every configuration within the month: ${thousands(last.withDetails)} of ${thousands(last.configurations)} after ${days.length} days; at ${thousands(Math.round(details / days.length))} detail requests a day, about ${Math.ceil(last.configurations / (details / days.length))} days.`,
    `- Requests per day: ${thousands(perDay[0]!)}–${thousands(perDay.at(-1)!)} (median ${thousands(perDay[Math.floor(perDay.length / 2)]!)}); ${thousands(details)} detail requests in the month.`,
    `- The month used ${thousands(last.monthUsed)} of the ${thousands(monthlyQuota)} quota: ${pct(last.monthUsed / monthlyQuota, 2)} (the share allowed: ${pct(share)}).`,
  ];
  if (first) {
    lines.push(`- The export: ${kb(first.decoded)} decoded, ${kb(first.wire)} on the wire (br), ${pct(1 - first.wire / first.decoded)} saved.`);
  }
  return lines.join('\n');
}
