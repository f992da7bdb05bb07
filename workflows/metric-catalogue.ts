/**
 * tourflow's own metrics: every name, kind, label and help text in one place. The worker
 * creates them on the SDK's metric meter, so they are served beside the SDK's `temporal_*`
 * metrics on the worker's Prometheus endpoint (`--metrics-address`); the README's table is
 * checked against this list. No imports: safe in workflow code, which counts runs.
 *
 * Labels never hold IDs or personal data: endpoints are path templates (`/v1/tours/:tourId`),
 * playbooks their names, undo calls their activity names.
 */

/** What kind of instrument a metric is. */
export const MetricKind = {
  counter: 'counter',
  histogram: 'histogram',
} as const;
export type MetricKind = (typeof MetricKind)[keyof typeof MetricKind];

/** One metric of the catalogue. */
export interface MetricSpec {
  readonly name: string;
  readonly kind: MetricKind;
  /** Label names, besides those the SDK adds (`namespace`, `task_queue`, ...). */
  readonly labels: readonly string[];
  readonly help: string;
  /** Histogram bucket bounds, in the metric's unit (seconds). */
  readonly buckets?: readonly number[];
}

/** Bucket bounds of the durations of API calls and of waits, in seconds. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60] as const;

/** Every metric tourflow records. */
export const METRICS = {
  apiRequests: {
    name: 'tourflow_api_requests_total',
    kind: MetricKind.counter,
    labels: ['endpoint', 'method', 'status'],
    help: 'HTTP exchanges with the Tour API, each attempt and each repeat after a token refresh counted; status is the HTTP status, or timeout, network or cancelled when no answer came.',
  },
  apiRequestDuration: {
    name: 'tourflow_api_request_duration_seconds',
    kind: MetricKind.histogram,
    labels: ['endpoint', 'method'],
    help: 'How long each HTTP exchange with the Tour API took, from sending to the last byte of the answer.',
    buckets: SECONDS,
  },
  apiRetries: {
    name: 'tourflow_api_retries_total',
    kind: MetricKind.counter,
    labels: ['endpoint', 'method', 'status'],
    help: 'API calls tried again after a retryable answer (5xx, 408, 429, timeout, network error); status is what the failed attempt got.',
  },
  apiRateLimitedWaits: {
    name: 'tourflow_api_rate_limited_waits_total',
    kind: MetricKind.counter,
    labels: ['endpoint', 'method'],
    help: 'Waits after a 429 answer before the call is tried again.',
  },
  apiRateLimitedWait: {
    name: 'tourflow_api_rate_limited_wait_seconds',
    kind: MetricKind.histogram,
    labels: ['endpoint', 'method'],
    help: 'How long each wait after a 429 answer was (Retry-After, waited in full up to the time the step has left).',
    buckets: SECONDS,
  },
  undoCalls: {
    name: 'tourflow_undo_calls_total',
    kind: MetricKind.counter,
    labels: ['undo', 'outcome'],
    help: 'Undo activities run by a rollback, by undo activity name; outcome is succeeded or failed (a failed one is retried by Temporal).',
  },
  runs: {
    name: 'tourflow_runs_total',
    kind: MetricKind.counter,
    labels: ['playbook', 'outcome'],
    help: 'Runs that ended, by playbook name and outcome: completed, failed, rolledBack or needsManualRepair (child runs included).',
  },
} as const satisfies Record<string, MetricSpec>;

/** The catalogue as a list, in the order above. */
export const METRIC_LIST: readonly MetricSpec[] = Object.values(METRICS);
