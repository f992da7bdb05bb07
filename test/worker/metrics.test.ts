/**
 * The metric catalogue (names as Prometheus users expect them, the README's table kept equal
 * to it), the metrics address a worker accepts, and the JSON log line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { METRIC_LIST, MetricKind, type MetricSpec } from '../../workflows/metric-catalogue.ts';
import { metricsBindAddress, metricsTelemetry } from '../../worker/metrics.ts';
import { jsonLogLine, privateMeta } from '../../worker/private-logger.ts';
import { statusLabel } from '../../activities/observe.ts';

const README = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** The README row of a metric. */
function row(metric: MetricSpec): string {
  return `| \`${metric.name}\` | ${metric.kind} | ${metric.labels.map((label) => `\`${label}\``).join(', ')} | ${metric.help} |`;
}

describe('metric catalogue', () => {
  it('names every metric once, in snake case under tourflow_, counters ending in _total and histograms in _seconds', () => {
    const names = METRIC_LIST.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const metric of METRIC_LIST) {
      expect(metric.name).toMatch(/^tourflow_[a-z_]+$/);
      expect(metric.name).toMatch(metric.kind === MetricKind.counter ? /_total$/ : /_seconds$/);
      for (const label of metric.labels) expect(label).toMatch(/^[a-z_]+$/);
      if (metric.kind === MetricKind.histogram) expect([...(metric.buckets ?? [])].sort((a, b) => a - b)).toEqual(metric.buckets);
    }
  });

  it("is the README's table of tourflow's metrics, row for row", () => {
    const rows = README.split('\n').filter((line) => line.startsWith('| `tourflow_'));
    expect(rows, `README rows:\n${METRIC_LIST.map(row).join('\n')}`).toEqual(METRIC_LIST.map(row));
  });

  it('gives the runtime the buckets of every histogram, in seconds', () => {
    const prometheus = (metricsTelemetry('127.0.0.1:9464').metrics as { prometheus: Record<string, unknown> }).prometheus;
    expect(prometheus).toMatchObject({ bindAddress: '127.0.0.1:9464', useSecondsForDurations: true });
    expect(Object.keys(prometheus.histogramBucketOverrides as object)).toEqual(METRIC_LIST.filter((m) => m.kind === MetricKind.histogram).map((m) => m.name));
  });

  it('labels an exchange by its HTTP status, or by why no answer came', () => {
    expect([statusLabel({ status: 201 }), statusLabel({ status: undefined, noResponse: 'timeout' }), statusLabel({ status: undefined })]).toEqual(['201', 'timeout', 'network']);
  });
});

describe('metrics address', () => {
  it.each([
    ['9464', '0.0.0.0:9464'],
    [':9464', '0.0.0.0:9464'],
    ['0.0.0.0:9464', '0.0.0.0:9464'],
    ['127.0.0.1:9100', '127.0.0.1:9100'],
    ['localhost:9464', '127.0.0.1:9464'],
    ['[::]:9464', '[::]:9464'],
    [' 10.0.0.7:9464 ', '10.0.0.7:9464'],
  ])('%s binds %s', (given, bound) => {
    expect(metricsBindAddress(given, '--metrics-address')).toBe(bound);
  });

  it.each(['worker:9464', '0.0.0.0', '127.0.0.1:0', '127.0.0.1:70000', 'http://127.0.0.1:9464', ''])('refuses %j, saying what to give', (given) => {
    expect(() => metricsBindAddress(given, 'TOURFLOW_METRICS_ADDRESS')).toThrow(
      `TOURFLOW_METRICS_ADDRESS is "${given}", which is not an address to serve metrics on: give an IP address and a port, e.g. 0.0.0.0:9464 (every interface), 127.0.0.1:9464, or a port alone.`,
    );
  });
});

describe('log lines', () => {
  it('writes one JSON object per line: time, level, message, then the metadata', () => {
    const written: string[] = [];
    jsonLogLine({ level: 'INFO', message: 'API GET /v1/tours 200 in 12 ms', timestampNanos: 1_800_000_000_123_000_000n, meta: { status: '200', big: 5n } }, (text) => written.push(text));
    expect(written).toEqual(['{"time":"2027-01-15T08:00:00.123Z","level":"INFO","message":"API GET /v1/tours 200 in 12 ms","status":"200","big":"5"}\n']);
  });

  it("drops an activity's task token from the metadata", () => {
    expect(privateMeta({ taskToken: 'Cixk...', activityType: 'tourCreate' })).toEqual({ activityType: 'tourCreate' });
  });
});
