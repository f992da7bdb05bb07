/** The bench's printed report: plain-text tables of the summaries. */
import { sizeName, type TourCounts } from './generate.ts';
import type { Measurement, Variant } from './measure.ts';
import { LONG_GAP_MS, type EndpointCounts } from './sandbox-process.ts';
import type { Spread } from './stats.ts';
import { cpuPerCallMs, cpuPerCallRatio, find, type GroupSummary, type Target } from './summary.ts';

/** Left-aligns the first column and right-aligns the rest. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** "12.3 [12.1-12.9]" with values scaled by `scale` and `digits` decimals; one run shows no range. */
export function showSpread(s: Spread | undefined, digits = 1, scale = 1): string {
  if (!s) return 'n/a';
  const f = (n: number) => (n * scale).toFixed(digits);
  return s.n > 1 && s.min !== s.max ? `${f(s.median)} [${f(s.min)}-${f(s.max)}]` : f(s.median);
}

export function describeCounts(c: TourCounts): string {
  return `${c.days} days (${c.showDays} shows), ${c.venues} venues, ${c.stays} stays, ${c.rooms} rooms, ${int(c.scheduleItems)} schedule items, ${int(c.guests)} guests, ${c.daySheets} day sheets`;
}

/** CPU seconds of each process, and those the host stole from the machine ("stolen"). */
function cpuLine(g: GroupSummary): string {
  return ['sandbox', 'worker', 'temporal', 'script', 'bench', 'stolen']
    .filter((n) => g.cpu[n])
    .map((n) => `${n} ${g.cpu[n]!.median.toFixed(1)}`)
    .join(', ');
}

/** Share of the machine's CPU time the host stole during a run above which its times say little. */
export const STARVED_SHARE = 0.1;

/** The share of the machine's CPU time (all its CPUs over the run) the host stole, if known. */
export function stolenShare(m: Pick<Measurement, 'cpu' | 'wallMs'>, cpus: number): number | undefined {
  const stolen = m.cpu.stolen;
  return stolen === undefined || m.wallMs <= 0 || cpus <= 0 ? undefined : stolen / ((m.wallMs / 1000) * cpus);
}

/** The share the host stole during a run it starved (above `STARVED_SHARE`), else undefined. */
export function starvedShare(m: Pick<Measurement, 'cpu' | 'wallMs'>, cpus: number): number | undefined {
  const share = stolenShare(m, cpus);
  return share !== undefined && share > STARVED_SHARE ? share : undefined;
}

/** A warning naming the runs the host starved, or undefined when there were none. */
export function starvedRuns(
  measurements: Measurement[],
  cpus: number,
  describe: (m: Measurement) => string,
): string | undefined {
  const starved = measurements.flatMap((m) => {
    const share = starvedShare(m, cpus);
    return share !== undefined
      ? [`${describe(m)}: ${(m.wallMs / 1000).toFixed(2)} s, ${Math.round(share * 100)} % stolen`]
      : [];
  });
  if (starved.length === 0) return undefined;
  return [
    `The host took more than ${STARVED_SHARE * 100} % of this machine's CPU time during ${starved.length} run(s); their times measure the host, not the code:`,
    ...starved.map((line) => `  ${line}`),
  ].join('\n');
}

/** The per-variant table of one size. */
export function sizeTable(groups: GroupSummary[], factor: number): string {
  const rows = groups
    .filter((g) => g.factor === factor && g.concurrency === null)
    .map((g) => [
      g.variant,
      showSpread(g.wallMs, 2, 1 / 1000),
      int(g.apiCalls.median),
      int(g.callsPerSecond.median),
      g.events ? int(g.events.median) : '-',
      g.largestHistory ? int(g.largestHistory.max) : '-',
      g.executions ? int(g.executions.median) : '-',
      g.workerPeakRssMb
        ? `${showSpread(g.workerPeakRssMb, 0)}${g.workerIdleRssMb ? ` (idle ${g.workerIdleRssMb.median.toFixed(0)})` : ''}`
        : '-',
      cpuLine(g),
    ]);
  return table(
    [
      'variant',
      'wall s',
      'API calls',
      'calls/s',
      'events/run',
      'largest history',
      'executions',
      'worker peak MB',
      'CPU s',
    ],
    rows,
  );
}

/** Wall time by size for each variant, relative to size S. */
export function growthTable(groups: GroupSummary[], sizes: number[], variants: Variant[]): string {
  const rows = sizes.map((factor) => [
    sizeName(factor),
    ...variants.map((variant) => {
      const wall = find(groups, variant, factor)?.wallMs;
      const base = find(groups, variant, 1)?.wallMs;
      if (!wall) return '-';
      const relative = base ? ` (${(wall.median / base.median).toFixed(2)}x S)` : '';
      return `${(wall.median / 1000).toFixed(2)} s${relative}`;
    }),
  ]);
  return table(['size', ...variants], rows);
}

/** Wall time by `forEach` concurrency, tourflow against the hand-written script. */
export function concurrencyTable(groups: GroupSummary[], factor: number, levels: number[]): string {
  const rows = levels.map((c) => {
    const t = find(groups, 'tourflow', factor, c);
    const d = find(groups, 'direct', factor, c);
    const r = t && d ? (t.wallMs.median / d.wallMs.median).toFixed(2) : '-';
    return [
      String(c),
      showSpread(t?.wallMs, 2, 1 / 1000),
      showSpread(d?.wallMs, 2, 1 / 1000),
      r,
      t ? int(t.callsPerSecond.median) : '-',
      d ? int(d.callsPerSecond.median) : '-',
    ];
  });
  return table(
    ['concurrency', 'tourflow s', 'hand-written s', 'ratio', 'tourflow calls/s', 'hand-written calls/s'],
    rows,
  );
}

/**
 * CPU per API call at each size: the worker's, Temporal's and the hand-written script's process,
 * in milliseconds, the worker's over the script's, and per run the worker and Temporal together
 * over the script.
 */
export function cpuTable(groups: GroupSummary[], sizes: number[]): string {
  const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(2));
  const rows = sizes.map((factor) => {
    const tourflow = find(groups, 'tourflow', factor);
    const script = find(groups, 'direct', factor)?.cpu.script?.median;
    const perRun = tourflow?.cpu.worker ? tourflow.cpu.worker.median + (tourflow.cpu.temporal?.median ?? 0) : undefined;
    const ratio = cpuPerCallRatio(groups, factor);
    return [
      sizeName(factor),
      ms(cpuPerCallMs(tourflow)),
      ms(cpuPerCallMs(tourflow, 'temporal')),
      ms(cpuPerCallMs(find(groups, 'direct', factor))),
      ratio === undefined ? '-' : ratio.toFixed(2),
      perRun === undefined || !script
        ? '-'
        : `${perRun.toFixed(2)} / ${script.toFixed(2)} = ${(perRun / script).toFixed(2)}`,
    ];
  });
  return table(
    [
      'size',
      'worker ms/call',
      'Temporal ms/call',
      'hand-written ms/call',
      'worker / hand-written',
      'worker + Temporal s / hand-written s per run',
    ],
    rows,
  );
}

/** A variant as the report names it: `direct` is the hand-written script. */
function printedName(variant: Variant): string {
  return variant === 'direct' ? 'hand-written' : variant === 'encrypted' ? 'tourflow encrypted' : variant;
}

/** What encrypting every payload costs at a size: the wall times with and without, and their ratio. */
export function encryptionLine(groups: GroupSummary[], factor: number): string | undefined {
  const plain = find(groups, 'tourflow', factor);
  const encrypted = find(groups, 'encrypted', factor);
  if (!plain || !encrypted) return undefined;
  const ratio = (encrypted.wallMs.median / plain.wallMs.median).toFixed(2);
  return `Payload encryption at ${sizeName(factor)}: encrypted ${showSpread(encrypted.wallMs, 2, 1 / 1000)} s / unencrypted ${showSpread(plain.wallMs, 2, 1 / 1000)} s = ${ratio} (medians)`;
}

/** The first run of a variant at a size, with the playbooks' own concurrency. */
function firstRun(measurements: Measurement[], variant: Variant, factor: number): Measurement | undefined {
  return measurements.find((m) => m.variant === variant && m.factor === factor && m.concurrency === null);
}

/**
 * Calls by endpoint of the first run of each variant at a size, with what the endpoint cost the
 * hand-written script: mean time to answer (added latency included) and mean body size.
 */
export function endpointTable(measurements: Measurement[], factor: number): string {
  const firsts = (['tourflow', 'direct', 'naive'] as const).flatMap((variant) => {
    const run = firstRun(measurements, variant, factor);
    return run ? [{ variant, counts: run.requests }] : [];
  });
  const t = firsts.find((f) => f.variant === 'tourflow')?.counts;
  const d = firsts.find((f) => f.variant === 'direct')?.counts;
  const calls = (counts: EndpointCounts | undefined, endpoint: string) => counts?.[endpoint]?.calls ?? 0;
  const rows = [...new Set(firsts.flatMap((f) => Object.keys(f.counts)))]
    .sort((x, y) => calls(t, y) - calls(t, x) || calls(d, y) - calls(d, x))
    .map((endpoint) => {
      const extra = t && d ? calls(t, endpoint) - calls(d, endpoint) : 0;
      const cost = firsts.map((f) => f.counts[endpoint]).find((c) => c !== undefined);
      return [
        endpoint,
        ...firsts.map((f) => int(calls(f.counts, endpoint))),
        ...(t && d ? [extra === 0 ? '' : `${extra > 0 ? '+' : ''}${int(extra)}`] : []),
        cost ? (cost.ms / cost.calls).toFixed(1) : '-',
        cost ? (cost.bytes / cost.calls / 1024).toFixed(1) : '-',
      ];
    });
  const names = firsts.map((f) => printedName(f.variant));
  return table(['endpoint', ...names, ...(t && d ? ['tourflow extra'] : []), 'ms/call', 'KB/call'], rows);
}

/** Median time each top-level step took, per variant, at a size with the playbooks' own concurrency. */
export function stepTable(measurements: Measurement[], factor: number, wanted: Variant[]): string {
  const runs = measurements.filter((m) => m.factor === factor && m.concurrency === null);
  const variants = wanted.filter((variant) => runs.some((m) => m.variant === variant));
  const ids = [
    ...new Set(
      runs.flatMap((m) =>
        Object.entries(m.steps)
          .sort((a, b) => a[1].start - b[1].start)
          .map(([id]) => id),
      ),
    ),
  ];
  const cell = (variant: Variant, id: string) => {
    const spans = runs.filter((m) => m.variant === variant).flatMap((m) => m.steps[id] ?? []);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const start = median(spans.map((span) => span.start));
    const duration = median(spans.map((span) => span.end - span.start));
    return start === undefined || duration === undefined
      ? '-'
      : `${(duration / 1000).toFixed(2)} (at ${(start / 1000).toFixed(1)})`;
  };
  return table(
    ['step', ...variants.map((v) => `${v} s`)],
    ids.map((id) => [id, ...variants.map((v) => cell(v, id))]),
  );
}

/** Longest gaps an idle report lists for each variant. */
const GAPS_SHOWN = 6;

/**
 * The API's idle time in the first run of each variant at a size: in all, and its longest gaps
 * in the order they came, each with the call before and after it.
 */
export function idleReport(measurements: Measurement[], factor: number, wanted: Variant[]): string {
  const lines: string[] = [];
  for (const variant of wanted) {
    const idle = firstRun(measurements, variant, factor)?.apiIdle;
    if (!idle) continue;
    lines.push(
      `${printedName(variant)}: ${(idle.totalMs / 1000).toFixed(2)} s in all, ${idle.gaps.length} gap(s) of ${LONG_GAP_MS} ms or more`,
    );
    const longest = [...idle.gaps].sort((a, b) => b.ms - a.ms).slice(0, GAPS_SHOWN);
    for (const gap of idle.gaps.filter((g) => longest.includes(g))) {
      lines.push(
        `  ${(gap.atMs / 1000).toFixed(2).padStart(6)} s  ${Math.round(gap.ms).toString().padStart(4)} ms  after ${gap.after}, before ${gap.before}`,
      );
    }
  }
  return lines.join('\n');
}

export function targetTable(list: Target[]): string {
  const verdict = (met: boolean | undefined) => (met === undefined ? 'not measured' : met ? 'met' : 'MISSED');
  return table(
    ['target', 'measured', 'goal', ''],
    list.map((t) => [t.name, t.value === undefined ? '-' : String(t.value), t.goal, verdict(t.met)]),
  );
}
