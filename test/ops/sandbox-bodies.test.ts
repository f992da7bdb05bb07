/**
 * The sandbox writes no request body of its own: every `/v1` route reads its body through
 * `call.input()`, which parses it with the endpoint's schema in the contract's table
 * (`api/contract/table.ts`). These checks fail when a route declares a body schema again, or
 * parses a body with a schema the contract does not export.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Endpoints } from '../../api/contract/assumptions.ts';
import { contractEndpoints } from '../../api/contract/table.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The sandbox's own surface (`/__sandbox` admin routes, their fault rules): no part of the API contract. */
const OWN_SURFACE = ['sandbox/routes/admin.ts', 'sandbox/pipeline/faults.ts'];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !OWN_SURFACE.includes(file))
    .sort();
}

/** Names a file imports from `api/contract/`. */
function contractImports(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[./]*api\/contract\/[^']+'/g))
    for (const name of (match[1] ?? '').split(','))
      names.add(
        name
          .replace(/^\s*type\s+/, '')
          .split(' as ')
          .pop()!
          .trim(),
      );
  return names;
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/**
 * Where a sandbox file describes a request body itself: a zod object schema (a query schema,
 * named `...Query`, reads the query string the contract types for the client), or `parseWith`
 * on a schema that is not the contract's.
 */
export function ownBodySchemas(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:const\s+(\w+)\s*=\s*)?\bz\s*\.\s*(?:object|looseObject|strictObject)\s*\(/g)) {
    if (match[1]?.endsWith('Query')) continue;
    found.push(`${file}:${lineOf(text, match.index)}: declares a zod object schema`);
  }
  const imported = contractImports(text);
  for (const match of text.matchAll(/\bparseWith\s*\(\s*([\w.]+)/g)) {
    const schema = (match[1] ?? '').split('.')[0]!;
    if (
      imported.has(schema) ||
      schema.endsWith('Query') ||
      (file === 'sandbox/pipeline/route.ts' && schema === 'schema')
    )
      continue;
    found.push(`${file}:${lineOf(text, match.index)}: parses with \`${match[1]}\`, not a contract schema`);
  }
  return found;
}

describe('the sandbox takes request bodies from the contract', () => {
  it('declares no request body schema of its own, and parses only with the contract’s schemas', () => {
    const found = sourceFiles('sandbox').flatMap((file) =>
      ownBodySchemas(file, readFileSync(path.join(root, file), 'utf8')),
    );
    expect(found, 'describe the body in api/contract/ and read it with call.input()').toEqual([]);
  });

  it('finds a body schema written in a route, and a parse with it', () => {
    const route = [
      "import { createTourBody } from '../../api/contract/tours.ts';",
      'const renameSchema = z.object({ name: z.string() });',
      'const listQuery = z.object({ search: z.string().optional() });',
      'parseWith(renameSchema, body);',
      'parseWith(createTourBody.pick({ org_id: true }), body);',
    ].join('\n');
    expect(ownBodySchemas('sandbox/routes/probe.ts', route)).toEqual([
      'sandbox/routes/probe.ts:2: declares a zod object schema',
      'sandbox/routes/probe.ts:4: parses with `renameSchema`, not a contract schema',
    ]);
  });

  it('has a typed endpoint in the contract for every route of the endpoint table', () => {
    expect(Object.keys(contractEndpoints).sort()).toEqual(Object.keys(Endpoints).sort());
    for (const [name, endpoint] of Object.entries(contractEndpoints)) {
      const spec = Endpoints[name as keyof typeof Endpoints];
      expect(`${endpoint.method} ${endpoint.path}`, name).toBe(`${spec.method} ${spec.path}`);
    }
  });
});
