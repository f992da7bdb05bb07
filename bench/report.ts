/** The bench's printed report: plain-text tables of the summaries. */
import type { TourCounts } from './generate.ts';
import type { Measurement, Variant } from './measure.ts';
import type { EndpointCounts } from './sandbox-process.ts';
import type { Spread } from './stats.ts';
import { find, type GroupSummary, type Target } from './summary.ts';

/** Left-aligns the first column and right-aligns the rest. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** "12.3 [12.1-12.9]" with values scaled by `scale` and `digits` decimals; one run shows no range. */
export function showSpread(s: Spread | undefined, digits = 1, scale = 1): string {
  if (!s) return 'n/a';
  const f = (n: number) => (n * scale).toFixed(digits);
  return s.n > 1 && s.min !== s.max ? `${f(s.median)} [${f(s.min)}-${f(s.max)}]` : f(s.median);
}

export function sizeName(factor: number): string {
  if (factor === 1) return 'S';
  return factor < 1 ? `S/${round1(1 / factor)}` : `${round1(factor)}xS`;
}

function round1(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

export function describeCounts(c: TourCounts): string {
  return `${c.days} days (${c.showDays} shows), ${c.venues} venues, ${c.stays} stays, ${c.rooms} rooms, ${int(c.scheduleItems)} schedule items, ${int(c.guests)} guests, ${c.daySheets} day sheets`;
}

function cpuLine(g: GroupSummary): string {
  return ['sandbox', 'worker', 'temporal', 'bench'].filter((n) => g.cpu[n]).map((n) => `${n} ${g.cpu[n]!.median.toFixed(1)}`).join(', ');
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
      g.workerPeakRssMb ? showSpread(g.workerPeakRssMb, 0) : '-',
      cpuLine(g),
    ]);
  return table(['variant', 'wall s', 'API calls', 'calls/s', 'events/run', 'largest history', 'executions', 'worker peak MB', 'CPU s'], rows);
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
    return [String(c), showSpread(t?.wallMs, 2, 1 / 1000), showSpread(d?.wallMs, 2, 1 / 1000), r, t ? int(t.callsPerSecond.median) : '-', d ? int(d.callsPerSecond.median) : '-'];
  });
  return table(['concurrency', 'tourflow s', 'hand-written s', 'ratio', 'tourflow calls/s', 'hand-written calls/s'], rows);
}

/**
 * Calls by endpoint of the first run of each variant at a size, with what the endpoint cost the
 * hand-written script: mean time to answer (added latency included) and mean body size.
 */
export function endpointTable(measurements: Measurement[], factor: number): string {
  const first = (variant: Variant) => measurements.find((m) => m.variant === variant && m.factor === factor && m.concurrency === null)?.requests ?? {};
  const [t, d, n] = [first('tourflow'), first('direct'), first('naive')];
  const calls = (counts: EndpointCounts, endpoint: string) => counts[endpoint]?.calls ?? 0;
  const rows = [...new Set([...Object.keys(t), ...Object.keys(d), ...Object.keys(n)])]
    .sort((x, y) => calls(t, y) - calls(t, x) || calls(d, y) - calls(d, x))
    .map((endpoint) => {
      const extra = calls(t, endpoint) - calls(d, endpoint);
      const cost = d[endpoint] ?? t[endpoint];
      return [
        endpoint,
        int(calls(t, endpoint)),
        int(calls(d, endpoint)),
        int(calls(n, endpoint)),
        extra === 0 ? '' : `${extra > 0 ? '+' : ''}${int(extra)}`,
        cost ? (cost.ms / cost.calls).toFixed(1) : '-',
        cost ? (cost.bytes / cost.calls / 1024).toFixed(1) : '-',
      ];
    });
  return table(['endpoint', 'tourflow', 'hand-written', 'naive', 'tourflow extra', 'ms/call', 'KB/call'], rows);
}

export function targetTable(list: Target[]): string {
  const verdict = (met: boolean | undefined) => (met === undefined ? 'not measured' : met ? 'met' : 'MISSED');
  return table(['target', 'measured', 'goal', ''], list.map((t) => [t.name, t.value === undefined ? '-' : String(t.value), t.goal, verdict(t.met)]));
}
