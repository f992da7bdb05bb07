/**
 * The compose stack's monitoring, checked as data: Prometheus scrapes the port every worker
 * serves its metrics on, Grafana reads that Prometheus, and the dashboard and the README's
 * "what to watch" name only metrics that exist (tourflow's catalogue, or the SDK's, which
 * test/e2e/metrics.test.ts finds on a real worker).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { metricsBindAddress } from '../../worker/metrics.ts';
import { ROOT, readCompose, type ComposeService } from './docker-files.ts';
import { dashboardExpressions, metricNamesIn, readmeWatching, tourflowSeries } from '../support/watched-metrics.ts';

const services = readCompose().services;

function service(name: string): ComposeService {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

/** A service's bind mounts of files in the repository: host path (from the root) -> container path. */
function bindMounts(s: ComposeService): Map<string, string> {
  const mounts = (s.volumes ?? []).filter((v): v is string => typeof v === 'string' && v.startsWith('./'));
  return new Map(mounts.map((v) => [path.normalize(v.split(':')[0] ?? ''), v.split(':')[1] ?? '']));
}

function yamlFile(relative: string): unknown {
  return parse(readFileSync(path.join(ROOT, relative), 'utf8'));
}

describe('monitoring in docker-compose.yml', () => {
  const worker = service('worker');
  const address = metricsBindAddress(
    String((worker.environment as Record<string, string>).TOURFLOW_METRICS_ADDRESS),
    'TOURFLOW_METRICS_ADDRESS',
  );
  const port = Number(address.split(':').at(-1));

  it('has every worker serve metrics on every interface of its container, on a port it exposes but does not publish', () => {
    expect(address).toBe(`0.0.0.0:${port}`);
    expect((worker as { expose?: unknown[] }).expose?.map(String)).toContain(String(port));
    expect(worker.ports ?? []).toEqual([]);
  });

  it("runs Prometheus with the repository's config, scraping every worker replica on that port", () => {
    const prometheus = service('prometheus');
    const mounts = bindMounts(prometheus);
    expect(mounts.get('monitoring/prometheus.yml')).toBe('/etc/prometheus/prometheus.yml');
    expect(prometheus.command).toContain('--config.file=/etc/prometheus/prometheus.yml');
    const config = yamlFile('monitoring/prometheus.yml') as {
      scrape_configs: Array<{
        job_name: string;
        metrics_path?: string;
        dns_sd_configs?: Array<{ names: string[]; type: string; port: number }>;
      }>;
    };
    const job = config.scrape_configs.find((j) => j.dns_sd_configs?.some((sd) => sd.names.includes('worker')));
    expect(job, 'a scrape job finds the worker service by DNS (every replica of --scale)').toBeDefined();
    expect(job?.metrics_path ?? '/metrics').toBe('/metrics');
    expect(job?.dns_sd_configs?.[0]).toMatchObject({ names: ['worker'], type: 'A', port });
  });

  it('runs Grafana with the Prometheus data source and the dashboard provisioned from the repository', () => {
    const grafana = service('grafana');
    const mounts = bindMounts(grafana);
    for (const [host] of mounts) expect(existsSync(path.join(ROOT, host)), host).toBe(true);
    const provisioning = mounts.get('monitoring/grafana/provisioning');
    expect(provisioning).toBe('/etc/grafana/provisioning');
    const sources = yamlFile('monitoring/grafana/provisioning/datasources/prometheus.yml') as {
      datasources: Array<{ uid: string; url: string; type: string }>;
    };
    const prometheusPort = String(service('prometheus').ports?.[0]).split(':').at(-1);
    expect(sources.datasources).toEqual([
      expect.objectContaining({ type: 'prometheus', url: `http://prometheus:${prometheusPort}` }),
    ]);
    const providers = yamlFile('monitoring/grafana/provisioning/dashboards/tourflow.yml') as {
      providers: Array<{ options: { path: string } }>;
    };
    expect(providers.providers[0]?.options.path).toBe(mounts.get('monitoring/grafana/dashboards'));

    const dashboard = JSON.parse(
      readFileSync(path.join(ROOT, 'monitoring/grafana/dashboards/tourflow.json'), 'utf8'),
    ) as {
      uid: string;
      panels: Array<{ type: string; datasource?: { uid: string }; targets?: Array<{ datasource?: { uid: string } }> }>;
    };
    const graphs = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(graphs.length).toBeGreaterThan(5);
    for (const panel of graphs) {
      expect(panel.datasource?.uid).toBe(sources.datasources[0]?.uid);
      for (const target of panel.targets ?? []) expect(target.datasource?.uid).toBe(sources.datasources[0]?.uid);
    }
  });

  it("names in the dashboard and the README's what-to-watch only tourflow metrics of the catalogue", () => {
    const ours = tourflowSeries();
    const named = metricNamesIn([readmeWatching(), ...dashboardExpressions()].join('\n')).filter((name) =>
      name.startsWith('tourflow_'),
    );
    expect(named.length).toBeGreaterThan(5);
    for (const name of named) expect(ours, name).toContain(name);
    // every tourflow metric is on the dashboard
    const onDashboard = new Set(
      metricNamesIn(dashboardExpressions().join('\n')).map((n) => n.replace(/_(bucket|sum|count)$/, '')),
    );
    for (const name of [...ours].filter((n) => !/_(bucket|sum|count)$/.test(n)))
      expect(onDashboard, name).toContain(name);
  });
});
