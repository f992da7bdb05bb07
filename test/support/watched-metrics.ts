/**
 * The metric names the README's "what to watch" and the shipped Grafana dashboard speak of,
 * and which of the SDK's exist only after something went wrong. `test/ops/monitoring.test.ts`
 * holds the docs and the dashboard to these names; `test/e2e/metrics.test.ts` finds every
 * other one on a real worker's endpoint, so a name the SDK does not serve cannot stay.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { METRIC_LIST, MetricKind } from '../../workflows/metric-catalogue.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** SDK counters a worker serves only once they counted something: a failure. */
export const AFTER_FAILURE_ONLY = ['temporal_workflow_task_execution_failed'] as const;

/** The metric names in a text: `temporal_…` and `tourflow_…` words. */
export function metricNamesIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\b(?:temporal|tourflow)_[a-z_]+\b/g)].map((m) => m[0]))].sort();
}

/** A name as a series of the Prometheus exposition: histograms as `_bucket`, `_sum`, `_count`. */
export function seriesOf(name: string): string {
  return name.replace(/_(bucket|sum|count)$/, '');
}

/** tourflow's metric names, histograms' series included. */
export function tourflowSeries(): Set<string> {
  return new Set(
    METRIC_LIST.flatMap((m) =>
      m.kind === MetricKind.histogram ? [m.name, `${m.name}_bucket`, `${m.name}_sum`, `${m.name}_count`] : [m.name],
    ),
  );
}

/** The "Watching workers" section of the README. */
export function readmeWatching(): string {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## Watching workers');
  return readme.slice(start, readme.indexOf('\n## ', start + 1));
}

/** Every PromQL expression of the shipped dashboard. */
export function dashboardExpressions(): string[] {
  const dashboard = JSON.parse(
    readFileSync(path.join(ROOT, 'monitoring/grafana/dashboards/tourflow.json'), 'utf8'),
  ) as {
    panels: Array<{ targets?: Array<{ expr: string }> }>;
  };
  return dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
}

/** The SDK's (`temporal_…`) metric names the README and the dashboard speak of, as series. */
export function watchedSdkMetrics(): string[] {
  return [
    ...new Set(
      metricNamesIn([readmeWatching(), ...dashboardExpressions()].join('\n'))
        .filter((n) => n.startsWith('temporal_'))
        .map(seriesOf),
    ),
  ].sort();
}
