/**
 * What Docker gives each container, emulated on one host: every service name resolves to the
 * loopback address, every container port is a host port of its own (below 32768: Temporal keeps
 * membership ports as a small integer), and container paths (/data, the schema folder, config
 * targets) are folders of the test run. Commands, scripts and environment values of the compose
 * file are rewritten through this map and nothing else.
 */
import net from 'node:net';

export interface HostMap {
  /** Service names: hostnames on the compose network. */
  hosts: readonly string[];
  /** Container (or published) port → host port. */
  ports: ReadonlyMap<number, number>;
  /** Container path → host path; the longest prefix wins. */
  paths: ReadonlyArray<readonly [string, string]>;
}

const LOOPBACK = '127.0.0.1';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Rewrites addresses, ports and paths in one command-line argument, script or value. */
export function toHost(text: string, map: HostMap): string {
  let out = text;
  for (const [from, to] of [...map.paths].sort((a, b) => b[0].length - a[0].length)) {
    out = out.replace(new RegExp(`(?<![\\w.-])${escape(from)}(?=/|\\b|$)`, 'g'), to);
  }
  const hosts = map.hosts.map(escape).join('|');
  // `service:port`, `localhost:port`, `${ip:-service}:port`: the port is the host's; a service
  // name before it is the loopback address (localhost stays: browsers compare origins by name).
  out = out.replace(new RegExp(`(?<![\\w.]|[\\w.]-)(${hosts}|0\\.0\\.0\\.0)(?=\\}?:\\d)`, 'g'), LOOPBACK);
  out = out.replace(/(?<=[\w.}\]]):(\d+)(?!\d)/g, (whole, port: string) => {
    const mapped = map.ports.get(Number(port));
    return mapped === undefined ? whole : `:${mapped}`;
  });
  // `--ep postgresql -p 5432`: a host and a port given as flags.
  out = out.replace(new RegExp(`(--ep|--host|-h)(\\s+|=)(${hosts}|0\\.0\\.0\\.0)(?![\\w.-])`, 'g'), `$1$2${LOOPBACK}`);
  out = out.replace(/(-p|--port|--auth-port)(\s+|=)(\d+)(?!\d)/g, (whole, flag: string, gap: string, port: string) => {
    const mapped = map.ports.get(Number(port));
    return mapped === undefined ? whole : `${flag}${gap}${mapped}`;
  });
  return out;
}

/** An argv rewritten through the map: flags and their values are adjacent elements. */
export function argvToHost(argv: readonly string[], map: HostMap): string[] {
  return argv.map((arg, i) => {
    const previous = argv[i - 1] ?? '';
    if (/^(-p|--[\w-]*port)$/.test(previous) && /^\d+$/.test(arg)) return String(map.ports.get(Number(arg)) ?? arg);
    if (/^(--ep|--host|-h)$/.test(previous) && (map.hosts.includes(arg) || arg === '0.0.0.0')) return LOOPBACK;
    return toHost(arg, map);
  });
}

/**
 * An environment rewritten through the map; a host variable's value that is only a service name
 * (a seed list) is the loopback address, and a `…PORT` value that is a container port is its host port.
 */
export function envToHost(env: Record<string, string>, map: HostMap): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => {
      // Only a variable that names a host (POSTGRES_SEEDS, BIND_ON_IP): a user or a password may
      // be spelled like a service too.
      if (/(?:SEEDS|HOST|HOSTS|_IP)$/.test(name) && (map.hosts.includes(value) || value === '0.0.0.0'))
        return [name, LOOPBACK];
      if (/PORT$/.test(name) && /^\d+$/.test(value)) return [name, String(map.ports.get(Number(value)) ?? value)];
      return [name, toHost(value, map)];
    }),
  );
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, LOOPBACK, () => server.close(() => resolve(true)));
  });
}

/**
 * `count` free loopback ports, consecutive from a random base between 20000 and 32000, so
 * every one stays below 32768 (Temporal stores membership ports as a small integer).
 */
export async function freePortsBelow32768(count: number): Promise<number[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * (12_000 - count));
    const ports = Array.from({ length: count }, (_, i) => base + i);
    const free = await Promise.all(ports.map(isFree));
    if (free.every(Boolean)) return ports;
  }
  throw new Error(`no ${count} consecutive free ports between 20000 and 32000`);
}
