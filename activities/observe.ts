/**
 * What a worker tells its operators about the API calls of its activities: tourflow's metrics
 * (workflows/metric-catalogue.ts) on the SDK's metric meter, served on the worker's Prometheus
 * endpoint, and a log line per HTTP exchange through the activity logger: at WARN for a troubled
 * one (5xx, 429, no answer), at DEBUG for the others, which are counted anyway. Neither holds a
 * header, a token, a secret, an ID or guest data: endpoints are path templates.
 */
import { noopMetricMeter, type MetricCounter, type MetricMeter, type MetricTags } from '@temporalio/common';
import { METRICS, type MetricSpec } from '../workflows/metric-catalogue.ts';
import type { RequestInfo, RetryListener } from '../api/client/index.ts';
import { currentActivity } from './current.ts';
import { FailureType } from '../definitions/failure-types.ts';

/** How an undo activity ended. */
export const UndoOutcome = {
  succeeded: 'succeeded',
  failed: 'failed',
} as const;
export type UndoOutcome = (typeof UndoOutcome)[keyof typeof UndoOutcome];

/** The hooks the worker's API client and activities report to. */
export interface ActivityObserver {
  /** After each HTTP exchange with the API (`ApiClientOptions.onRequest`). */
  onRequest(info: RequestInfo): void;
  /** Before each retry's wait (`ApiClientOptions.onRetry`). */
  onRetry: RetryListener;
  /** After each undo activity. */
  onUndo(undo: string, outcome: UndoOutcome): void;
  /** Hands the counts gathered so far to the meter and stops handing them over. */
  close(): void;
}

/** How often counts gathered in the process reach the meter: a scrape sees them this late at most. */
export const COUNTER_FLUSH_MS = 1000;

/**
 * A counter whose increments are summed in the process and handed to the meter once per
 * `COUNTER_FLUSH_MS`: each handover crosses into the SDK's native code (about 10 µs), and a
 * worker counts every API call.
 */
class GatheredCounter {
  private readonly pending = new Map<string, { tags: MetricTags; count: number }>();

  constructor(private readonly counter: MetricCounter) {}

  add(tags: MetricTags): void {
    const key = Object.values(tags).join('\u0000');
    const entry = this.pending.get(key);
    if (entry) entry.count++;
    else this.pending.set(key, { tags, count: 1 });
  }

  flush(): void {
    for (const { tags, count } of this.pending.values()) this.counter.add(count, tags);
    this.pending.clear();
  }
}

const counter = (meter: MetricMeter, spec: MetricSpec) =>
  new GatheredCounter(meter.createCounter(spec.name, undefined, spec.help));
const seconds = (meter: MetricMeter, spec: MetricSpec) => meter.createHistogram(spec.name, 'float', 's', spec.help);

/** The status label of an exchange: the HTTP status, or why no answer came. */
export function statusLabel(info: Pick<RequestInfo, 'status' | 'noResponse'>): string {
  return info.status !== undefined ? String(info.status) : (info.noResponse ?? 'network');
}

/** Splits an `ApiError.endpoint` (`"POST /v1/tours"`) into method and path template. */
function methodAndPath(endpoint: string): { method: string; endpoint: string } {
  const space = endpoint.indexOf(' ');
  return space < 0
    ? { method: '', endpoint }
    : { method: endpoint.slice(0, space), endpoint: endpoint.slice(space + 1) };
}

/** Whether an exchange went wrong in a way an operator should see: a 5xx, a 429, no answer. */
function troubled(info: RequestInfo): boolean {
  return info.status === undefined ? info.noResponse !== 'cancelled' : info.status >= 500 || info.status === 429;
}

/**
 * Logs one exchange through the activity's logger: at WARN when troubled, else at DEBUG and only
 * when `everyCall` (the worker logs at DEBUG or below); outside an activity (scripts, CLI
 * commands) nothing. A line per call at INFO cost the worker a sixth of its CPU per call
 * (docs/performance.md, "A log line per API call at DEBUG").
 */
function logExchange(info: RequestInfo, status: string, everyCall: boolean): void {
  const trouble = troubled(info);
  if (!trouble && !everyCall) return;
  const activity = currentActivity();
  if (!activity) return;
  const durationMs = Math.round(info.ms);
  const meta = {
    method: info.method,
    path: info.path,
    status,
    durationMs,
    attempt: info.attempt,
    // The activity logger's own `attempt` (the activity's) is replaced by the call's above.
    activityAttempt: activity.info.attempt,
    ...(info.afterRefresh ? { afterRefresh: true } : {}),
  };
  const message = `API ${info.method} ${info.path} ${status} in ${durationMs} ms`;
  if (trouble) activity.log.warn(message, meta);
  else activity.log.debug(message, meta);
}

/**
 * Creates the observer that records tourflow's metrics on `meter` (the worker's runtime meter;
 * nothing is recorded without one) and logs troubled exchanges, and every exchange when
 * `logEveryCall` (the worker's log level is DEBUG or TRACE).
 */
export function createActivityObserver(
  meter: MetricMeter = noopMetricMeter,
  { logEveryCall = false }: { logEveryCall?: boolean } = {},
): ActivityObserver {
  const requests = counter(meter, METRICS.apiRequests);
  const duration = seconds(meter, METRICS.apiRequestDuration);
  const retries = counter(meter, METRICS.apiRetries);
  const rateLimitedWaits = counter(meter, METRICS.apiRateLimitedWaits);
  const rateLimitedWait = seconds(meter, METRICS.apiRateLimitedWait);
  const undos = counter(meter, METRICS.undoCalls);
  const counters = [requests, retries, rateLimitedWaits, undos];
  const flush = () => counters.forEach((c) => c.flush());
  const timer = meter === noopMetricMeter ? undefined : setInterval(flush, COUNTER_FLUSH_MS);
  timer?.unref();
  return {
    onRequest(info) {
      const status = statusLabel(info);
      requests.add({ endpoint: info.path, method: info.method, status });
      duration.record(info.ms / 1000, { endpoint: info.path, method: info.method });
      logExchange(info, status, logEveryCall);
    },
    onRetry({ delayMs, error }) {
      const labels = methodAndPath(error.endpoint);
      const status =
        error.status !== undefined ? String(error.status) : error.code === FailureType.TIMEOUT ? 'timeout' : 'network';
      retries.add({ ...labels, status });
      if (error.status !== 429) return;
      rateLimitedWaits.add(labels);
      rateLimitedWait.record(delayMs / 1000, labels);
    },
    onUndo(undo, outcome) {
      undos.add({ undo, outcome });
    },
    close() {
      clearInterval(timer);
      flush();
    },
  };
}
