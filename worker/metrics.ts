/**
 * The worker's Prometheus endpoint: the SDK runtime's telemetry serves the SDK's `temporal_*`
 * metrics and tourflow's own (workflows/metric-catalogue.ts) on one address, under `/metrics`.
 */
import { isIP } from 'node:net';
import type { MetricMeter } from '@temporalio/common';
import type { TelemetryOptions } from '@temporalio/worker';
import { METRIC_LIST, MetricKind } from '../workflows/metric-catalogue.ts';

/** Where a worker serves metrics when only a port is given: every interface. */
const ANY_INTERFACE = '0.0.0.0';

/** A metrics address that cannot be served. */
export class MetricsAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MetricsAddressError';
  }
}

/**
 * The socket address the runtime binds, from `--metrics-address` or `TOURFLOW_METRICS_ADDRESS`:
 * `ip:port`, `[ipv6]:port`, `localhost:port` (loopback) or a bare port (every interface).
 * Throws `MetricsAddressError` for anything else; `source` names where the value came from.
 */
export function metricsBindAddress(value: string, source: string): string {
  const trimmed = value.trim();
  const match = /^(?:(\[[^\]]+\]|[^:]*):)?(\d{1,5})$/.exec(trimmed);
  const port = Number(match?.[2]);
  const host =
    match?.[1] === undefined || match[1] === '' ? ANY_INTERFACE : match[1] === 'localhost' ? '127.0.0.1' : match[1];
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (!match || !(port >= 1 && port <= 65_535) || !isIP(bare)) {
    throw new MetricsAddressError(
      `${source} is "${value}", which is not an address to serve metrics on: give an IP address and a port, e.g. 0.0.0.0:9464 (every interface), 127.0.0.1:9464, or a port alone.`,
    );
  }
  return isIP(bare) === 6 ? `[${bare}]:${port}` : `${bare}:${port}`;
}

/**
 * The runtime's metric settings: Prometheus on `bindAddress`, durations in seconds (the SDK's
 * latencies as tourflow's), and the bucket bounds of tourflow's histograms.
 */
export function metricsTelemetry(bindAddress: string): TelemetryOptions {
  const buckets = Object.fromEntries(METRIC_LIST.filter((m) => m.buckets).map((m) => [m.name, [...(m.buckets ?? [])]]));
  return {
    metrics: {
      prometheus: { bindAddress, useSecondsForDurations: true, histogramBucketOverrides: buckets },
    },
  };
}

/**
 * Puts every counter of the catalogue on `meter` at zero when the worker starts: a counter is
 * otherwise served only after its first count, and until then an alert on its rate or a
 * dashboard panel finds no series. The zero series has none of tourflow's labels (the counts
 * that follow carry them); the runtime adds its own.
 */
export function countersAtZero(meter: MetricMeter): void {
  for (const metric of METRIC_LIST) {
    if (metric.kind === MetricKind.counter) meter.createCounter(metric.name, undefined, metric.help).add(0);
  }
}
