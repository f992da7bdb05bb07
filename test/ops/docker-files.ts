/**
 * Readers for the deployment files: docker-compose.yml (the subset tourflow uses, checked with
 * zod), the Dockerfile's instructions and .dockerignore. Docker itself cannot run on the test
 * machines, so these files are checked as data.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';

export const ROOT = path.resolve(import.meta.dirname, '../..');

const stringList = z.array(z.string());
/** `environment:` as a map or as a list of `KEY=value`. */
const environment = z.union([
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  stringList,
]);
const dependsOn = z.union([
  stringList,
  z.record(z.string(), z.object({ condition: z.string().optional() }).passthrough()),
]);

const service = z
  .object({
    image: z.string().optional(),
    build: z.union([z.string(), z.object({ context: z.string(), dockerfile: z.string().optional() })]).optional(),
    command: z.union([z.string(), stringList]).optional(),
    entrypoint: z.union([z.string(), stringList]).optional(),
    environment: environment.optional(),
    depends_on: dependsOn.optional(),
    ports: z.array(z.union([z.string(), z.number(), z.object({}).passthrough()])).optional(),
    container_name: z.string().optional(),
    volumes: z.array(z.union([z.string(), z.object({ source: z.string().optional() }).passthrough()])).optional(),
    configs: z.array(z.union([z.string(), z.object({ source: z.string() }).passthrough()])).optional(),
    stop_signal: z.string().optional(),
    stop_grace_period: z.string().optional(),
  })
  .passthrough();
export type ComposeService = z.infer<typeof service>;

const compose = z
  .object({
    services: z.record(z.string(), service),
    volumes: z.record(z.string(), z.unknown().nullable()).optional(),
    configs: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();
export type ComposeFile = z.infer<typeof compose>;

/** Parses docker-compose.yml (YAML merge keys resolved, as Compose does). */
export function readCompose(file = path.join(ROOT, 'docker-compose.yml')): ComposeFile {
  return compose.parse(parse(readFileSync(file, 'utf8'), { merge: true }));
}

/** The names a service depends on, whichever form `depends_on` takes. */
export function dependencies(s: ComposeService): string[] {
  if (!s.depends_on) return [];
  return Array.isArray(s.depends_on) ? s.depends_on : Object.keys(s.depends_on);
}

/** The environment variable names a service sets. */
export function environmentNames(s: ComposeService): string[] {
  if (!s.environment) return [];
  return Array.isArray(s.environment)
    ? s.environment.map((entry) => entry.split('=')[0] ?? entry)
    : Object.keys(s.environment);
}

/** A `command` as argv (the string form split on blanks, as Compose does for simple commands). */
export function commandArgv(s: ComposeService): string[] {
  if (s.command === undefined) return [];
  return typeof s.command === 'string' ? s.command.trim().split(/\s+/) : s.command;
}

/** Named volumes a service mounts (`name:/path`), leaving out bind mounts of host paths. */
export function namedVolumes(s: ComposeService): string[] {
  return (s.volumes ?? [])
    .map((v) => (typeof v === 'string' ? v.split(':')[0] : v.source))
    .filter(
      (name): name is string => !!name && !name.startsWith('.') && !name.startsWith('/') && !name.startsWith('~'),
    );
}

export interface DockerInstruction {
  keyword: string;
  args: string;
  /** The build stage (FROM … AS name) the instruction belongs to. */
  stage: string;
}

/** The Dockerfile's instructions, with line continuations joined and comments dropped. */
export function readDockerfile(file = path.join(ROOT, 'Dockerfile')): DockerInstruction[] {
  const joined = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  const instructions: DockerInstruction[] = [];
  let stage = '';
  for (const line of joined.split('\n')) {
    const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!match?.[1] || match[2] === undefined) continue;
    const keyword = match[1].toUpperCase();
    if (keyword === 'FROM') stage = /\sAS\s+(\S+)/i.exec(match[2])?.[1] ?? '';
    instructions.push({ keyword, args: match[2].trim(), stage });
  }
  return instructions;
}

/** Whether .dockerignore keeps `relative` out of the build context (plain names and `**` globs). */
export function dockerIgnored(relative: string, file = path.join(ROOT, '.dockerignore')): boolean {
  if (!existsSync(file)) return false;
  const patterns = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'));
  return patterns.some((pattern) => {
    const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    const glob = escaped
      .replace(/\*\*\//g, '\0')
      .replace(/\*/g, '[^/]*')
      .replace(/\0/g, '(?:.*/)?');
    return new RegExp(`^${glob}(?:/.*)?$`).test(relative);
  });
}
