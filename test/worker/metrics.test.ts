/**
 * The metric catalogue (names as Prometheus users expect them, the README's table kept equal
 * to it), the metrics address a worker accepts, and the JSON log line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { METRIC_LIST, MetricKind, type MetricSpec } from '../../workflows/metric-catalogue.ts';
import { metricsBindAddress, metricsTelemetry } from '../../worker/metrics.ts';
import { jsonLogLine, PrivateLogger, privateMeta } from '../../worker/private-logger.ts';
import { createActivityObserver, statusLabel } from '../../activities/observe.ts';
import { ApiError } from '../../api/client/index.ts';
import type { LogLevel, MetricMeter, MetricTags } from '@temporalio/common';
import { DefaultLogger } from '@temporalio/worker';
import { MockActivityEnvironment } from '@temporalio/testing';

/** A meter that writes down what reaches it: `name{tags} value` per handover. */
function recordingMeter(): { meter: MetricMeter; seen: string[] } {
  const seen: string[] = [];
  const metric = (name: string) => {
    const write = (value: number, tags: MetricTags = {}) => seen.push(`${name}${JSON.stringify(tags)} ${value}`);
    return { name, add: write, record: write, set: write, withTags: () => metric(name) };
  };
  const meter = {
    createCounter: metric,
    createHistogram: metric,
    createGauge: metric,
    withTags: () => meter,
  } as unknown as MetricMeter;
  return { meter, seen };
}

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
      if (metric.kind === MetricKind.histogram)
        expect([...(metric.buckets ?? [])].sort((a, b) => a - b)).toEqual(metric.buckets);
    }
  });

  it("is the README's table of tourflow's metrics, row for row", () => {
    const rows = README.split('\n').filter((line) => line.startsWith('| `tourflow_'));
    expect(rows, `README rows:\n${METRIC_LIST.map(row).join('\n')}`).toEqual(METRIC_LIST.map(row));
  });

  it('gives the runtime the buckets of every histogram, in seconds', () => {
    const prometheus = (metricsTelemetry('127.0.0.1:9464').metrics as { prometheus: Record<string, unknown> })
      .prometheus;
    expect(prometheus).toMatchObject({ bindAddress: '127.0.0.1:9464', useSecondsForDurations: true });
    expect(Object.keys(prometheus.histogramBucketOverrides as object)).toEqual(
      METRIC_LIST.filter((m) => m.kind === MetricKind.histogram).map((m) => m.name),
    );
  });

  it('labels an exchange by its HTTP status, or by why no answer came', () => {
    expect([
      statusLabel({ status: 201 }),
      statusLabel({ status: undefined, noResponse: 'timeout' }),
      statusLabel({ status: undefined }),
    ]).toEqual(['201', 'timeout', 'network']);
  });
});

describe('activity observer', () => {
  it('sums counts in the process and hands them to the meter on close; durations go over one by one', () => {
    const { meter, seen } = recordingMeter();
    const observer = createActivityObserver(meter);
    const call = { method: 'GET', path: '/v1/tours/:tourId', status: 200, ms: 12.5, attempt: 1, afterRefresh: false };
    observer.onRequest(call);
    observer.onRequest({ ...call, ms: 7.5 });
    observer.onRetry({
      attempt: 1,
      delayMs: 2000,
      error: new ApiError('x', { status: 429, endpoint: 'POST /v1/tours', retryable: true }),
    });
    observer.onUndo('undoTourDelete', 'succeeded');
    expect(seen).toEqual([
      'tourflow_api_request_duration_seconds{"endpoint":"/v1/tours/:tourId","method":"GET"} 0.0125',
      'tourflow_api_request_duration_seconds{"endpoint":"/v1/tours/:tourId","method":"GET"} 0.0075',
      'tourflow_api_rate_limited_wait_seconds{"method":"POST","endpoint":"/v1/tours"} 2',
    ]);
    seen.length = 0;
    observer.close();
    expect(seen).toEqual([
      'tourflow_api_requests_total{"endpoint":"/v1/tours/:tourId","method":"GET","status":"200"} 2',
      'tourflow_api_retries_total{"method":"POST","endpoint":"/v1/tours","status":"429"} 1',
      'tourflow_api_rate_limited_waits_total{"method":"POST","endpoint":"/v1/tours"} 1',
      'tourflow_undo_calls_total{"undo":"undoTourDelete","outcome":"succeeded"} 1',
    ]);
  });
});

describe('a log line per API call', () => {
  /** The lines an observer writes for a 200 and a 429 inside an activity whose logger keeps every level. */
  async function linesOf(logEveryCall: boolean): Promise<string[]> {
    const lines: string[] = [];
    const logger = new DefaultLogger('TRACE', (entry) => lines.push(`${entry.level} ${entry.message}`));
    const observer = createActivityObserver(undefined, { logEveryCall });
    const call = { method: 'GET', path: '/v1/tours/:tourId', status: 200, ms: 12.4, attempt: 1, afterRefresh: false };
    await new MockActivityEnvironment(undefined, { logger }).run(async () => {
      observer.onRequest(call);
      observer.onRequest({ ...call, method: 'POST', path: '/v1/tours', status: 429, ms: 3 });
    });
    observer.close();
    return lines.filter((line) => line.includes(' API '));
  }

  it('is written for a troubled call only at the default level, for every call at DEBUG', async () => {
    expect(await linesOf(false)).toEqual(['WARN API POST /v1/tours 429 in 3 ms']);
    expect(await linesOf(true)).toEqual([
      'DEBUG API GET /v1/tours/:tourId 200 in 12 ms',
      'WARN API POST /v1/tours 429 in 3 ms',
    ]);
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

  it.each(['worker:9464', '0.0.0.0', '127.0.0.1:0', '127.0.0.1:70000', 'http://127.0.0.1:9464', ''])(
    'refuses %j, saying what to give',
    (given) => {
      expect(() => metricsBindAddress(given, 'TOURFLOW_METRICS_ADDRESS')).toThrow(
        `TOURFLOW_METRICS_ADDRESS is "${given}", which is not an address to serve metrics on: give an IP address and a port, e.g. 0.0.0.0:9464 (every interface), 127.0.0.1:9464, or a port alone.`,
      );
    },
  );
});

describe('log lines', () => {
  it('writes one JSON object per line: time, level, message, then the metadata', () => {
    const written: string[] = [];
    jsonLogLine(
      {
        level: 'INFO',
        message: 'API GET /v1/tours 200 in 12 ms',
        timestampNanos: 1_800_000_000_123_000_000n,
        meta: { status: '200', big: 5n },
      },
      (text) => written.push(text),
    );
    expect(written).toEqual([
      '{"time":"2027-01-15T08:00:00.123Z","level":"INFO","message":"API GET /v1/tours 200 in 12 ms","status":"200","big":"5"}\n',
    ]);
  });

  it("drops a line below the inner logger's level before looking at it", () => {
    const lines: string[] = [];
    const inner = {
      level: 'WARN' as LogLevel,
      log: (level: LogLevel, message: string) => lines.push(`${level} ${message}`),
      trace: () => 0,
      debug: () => 0,
      info: () => 0,
      warn: () => 0,
      error: () => 0,
    };
    const logger = new PrivateLogger(inner);
    logger.info('API GET /v1/tours 200 in 3 ms', { status: '200' });
    logger.warn('API GET /v1/tours 503 in 3 ms to ada@example.com', { status: '503' });
    expect(lines).toEqual(['WARN API GET /v1/tours 503 in 3 ms to [email]']);
  });

  it("drops an activity's task token from the metadata", () => {
    expect(privateMeta({ taskToken: 'Cixk...', activityType: 'tourCreate' })).toEqual({ activityType: 'tourCreate' });
  });
});
