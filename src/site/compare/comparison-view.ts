/**
 * What a comparison of two to four models says, as plain values: the standing rows, the sentences
 * on the gap, the supraScore chart and its caption, and the shared benchmarks with deltas and
 * sources. Its markup is one view (src/views/parts/comparison.ts), which the pre-rendered comparisons
 * and the comparison script (src/browser/compare.ts) both draw, so a comparison reads the same
 * whoever draws it.
 */
import { describeSeries, lineChart, type ChartPoint, type LineChart } from '../format/charts.ts';
import { compareModels, gapSentences, type ComparisonEvidence } from './compare-models.ts';
import { formatDate, isoTime } from '../format/format.ts';
import { benchHref, configurationHref, hostOf, modelHref, safeExternalUrl } from '../links/links.ts';
import type { ModelFile } from '../files/model-file.ts';
import { formatDelta, scoreFormatter } from '../format/precision.ts';
import { formatRank } from '../format/ranks.ts';

/** What a score cell says when its source is no http(s) address, so no link. */
export const NO_WEB_SOURCE = 'source not a web link';
export const NO_SHARED_BENCHMARK = 'There is no benchmark on which each of these models’ best configurations has a counting score in this snapshot.';

export interface StandingRowView {
  name: string;
  href: string;
  provider: string;
  providerHref: string;
  score: string;
  rank: string;
  /** "of 177". */
  of: string;
  configuration: string;
  configurationHref: string;
  counted: string;
}

export interface ScoreCellView {
  value: string;
  /** Its difference from the first model's; none in the first model's own cell. */
  delta: string | undefined;
  source: { href: string; host: string } | undefined;
  accessedIso: string;
  accessedDate: string;
  /** " (+2 more)" when more submissions count, else empty. */
  more: string;
}

export interface SharedRowView {
  name: string;
  /** The benchmark's page; none when the snapshot does not list it. */
  href: string | undefined;
  /** "weight 12.3". */
  weight: string;
  cells: ScoreCellView[];
  /** The model with the highest score, or "tied". */
  higher: string;
}

export interface ChartView {
  chart: LineChart;
  kind: 'score' | 'rank';
  /** One per series; a legend shows them when there are several. */
  labels: string[];
  /** The chart in words; its caption adds what the dashed line means (chartCaption). */
  summary: string;
}

export interface ComparisonView {
  standing: StandingRowView[];
  gap: string[];
  /** supraScore over time, the ranks in its caption; none when no model has history. */
  chart: ChartView | undefined;
  /** Said in place of the table when no benchmark is shared. */
  noShared: string | undefined;
  shared: { intro: string; models: string[]; rows: SharedRowView[] } | undefined;
}

export function comparisonView(files: readonly ModelFile[], evidence: ComparisonEvidence): ComparisonView {
  const result = compareModels(files);
  const scoreText = scoreFormatter(files.map((f) => f.model.supraScore));
  const seriesOf = (pick: 'supraScore' | 'rank') =>
    files.map((f) => ({ label: f.model.name, points: f.history.generatedAt.map((t, i): ChartPoint => ({ t, v: f.history[pick][i]! })) }));
  const scores = seriesOf('supraScore');
  const ranks = seriesOf('rank');
  // At each snapshot the higher supraScore is the better model rank, so one chart shows who led when; the ranks are in its caption.
  const summary = files
    .map(
      (f, i) =>
        `${describeSeries(`${f.model.name}: supraScore`, scores[i]!.points, (v) => v.toFixed(1))} ${describeSeries(`${f.model.name}: model rank`, ranks[i]!.points, String, 'rank')}`,
    )
    .join(' ');
  const chart = lineChart(
    scores.map((s) => s.points),
    'score',
  );
  const normalizedText = scoreFormatter(result.shared.flatMap((s) => s.entries.map((e) => e.value)));
  const first = files[0]?.model.name ?? '';
  return {
    standing: files.map((f, i) => ({
      name: f.model.name,
      href: modelHref(f.model),
      provider: f.model.provider,
      providerHref: f.model.providerHref,
      score: scoreText(f.model.supraScore),
      rank: formatRank({ rank: f.model.rank, tied: f.model.rankTied }),
      of: `of ${f.model.of}`,
      configuration: f.configurations[0]!.name,
      configurationHref: configurationHref(f.configurations[0]!),
      counted: String(result.counted[i]!),
    })),
    gap: gapSentences(result, scoreText, evidence),
    chart: chart && { chart, kind: 'score', labels: scores.map((s) => s.label), summary },
    noShared: result.shared.length === 0 ? NO_SHARED_BENCHMARK : undefined,
    shared:
      result.shared.length === 0
        ? undefined
        : {
            intro:
              files.length === 1
                ? `Benchmarks on which ${first}’s best configuration has a counting score, heaviest first: normalized score (0–100; the mean when several submissions count) and the source.`
                : `Benchmarks on which each model’s best configuration has a counting score, heaviest first: normalized score (0–100; the mean when several submissions count), its difference from ${first}’s, and the source.`,
            models: files.map((f) => f.model.name),
            rows: result.shared.map((s) => ({
              name: s.benchName,
              href: s.benchSegment ? benchHref({ segment: s.benchSegment }) : undefined,
              weight: `weight ${s.effectiveWeight.toFixed(1)}`,
              cells: s.entries.map((e, i) => {
                const submission = e.submissions[0]!;
                const source = safeExternalUrl(submission.sourceUrl);
                return {
                  value: normalizedText(e.value),
                  delta: i > 0 ? formatDelta(s.deltas[i]!) : undefined,
                  source: source ? { href: source, host: hostOf(source) } : undefined,
                  accessedIso: isoTime(submission.accessedAt),
                  accessedDate: formatDate(submission.accessedAt),
                  more: e.submissions.length > 1 ? ` (+${e.submissions.length - 1} more)` : '',
                };
              }),
              higher: files.length === 1 ? '' : s.winner === undefined ? 'tied' : files[s.winner]!.model.name,
            })),
          },
  };
}
