/**
 * The lint's boundaries bite: probe files that break each rule get its error, and every file
 * the worker bundles into the workflow sandbox is linted as workflow code.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowBundle } from '../../worker/worker.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BOUNDARY_RULES = new Set([
  'no-restricted-imports',
  'no-restricted-syntax',
  'no-restricted-globals',
  'import-x/no-cycle',
]);

/**
 * The project's own config, limited to the boundary rules and without type information (none
 * of them needs it, and a probe is no file of the TypeScript project); `ignore: false` so that
 * probes written under test-artifacts/ are linted.
 */
const eslint = new ESLint({
  cwd: ROOT,
  ignore: false,
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
  overrideConfig: { files: ['**/*.ts'], languageOptions: { parserOptions: { projectService: false } } },
});

/** `rule: message` of every error ESLint reports for `text` as if it were the file at `file`. */
async function errorsOf(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
  return result!.messages.map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

const BUILTIN =
  "no-restricted-imports: '{name}' import is restricted from being used. Workflow code may not use Node built-ins: it is replayed, and may not do I/O.";
const builtinError = (name: string) => BUILTIN.replace('{name}', name);
const NODE_PATTERN =
  "no-restricted-imports: '{name}' import is restricted from being used by a pattern. Workflow code may not use Node built-ins: it is replayed, and may not do I/O.";
const nodePatternError = (name: string) => NODE_PATTERN.replace('{name}', name);

describe('workflow code may not use Node built-ins', () => {
  it.each(['node:fs/promises', 'node:events', 'node:zlib', 'node:crypto', 'node:test'])(
    'refuses %s in a workflow file',
    async (name) => {
      expect(await errorsOf('workflows/probe.ts', `import * as m from '${name}';\nexport const probe = m;\n`)).toEqual([
        nodePatternError(name),
      ]);
    },
  );

  it.each(['fs/promises', 'events', 'zlib', 'async_hooks', 'vm'])(
    'refuses bare %s in a workflow file',
    async (name) => {
      expect(await errorsOf('workflows/probe.ts', `import * as m from '${name}';\nexport const probe = m;\n`)).toEqual([
        builtinError(name),
      ]);
    },
  );

  it('refuses a built-in re-exported from a workflow-safe file of definitions/', async () => {
    expect(await errorsOf('definitions/plan-types.ts', "export { EventEmitter } from 'node:events';\n")).toEqual([
      nodePatternError('node:events'),
    ]);
  });

  it('lets code outside the workflow use them', async () => {
    expect(
      await errorsOf('activities/probe.ts', "import { gzipSync } from 'node:zlib';\nexport const probe = gzipSync;\n"),
    ).toEqual([]);
  });
});

describe('workflow code stays free of I/O', () => {
  it.each([
    [
      'yaml',
      "no-restricted-imports: 'yaml' import is restricted from being used. Parse playbooks outside the workflow; pass the compiled plan.",
    ],
    ['undici', "no-restricted-imports: 'undici' import is restricted from being used. HTTP belongs in activities."],
    [
      '@temporalio/client',
      "no-restricted-imports: '@temporalio/client' import is restricted from being used. Use @temporalio/workflow inside workflows.",
    ],
    [
      '../worker/config.ts',
      "no-restricted-imports: '../worker/config.ts' import is restricted from being used by a pattern. Workflow code may not import I/O modules.",
    ],
  ])('refuses %s', async (name, error) => {
    expect(await errorsOf('workflows/probe.ts', `import * as m from '${name}';\nexport const probe = m;\n`)).toEqual([
      error,
    ]);
  });

  it('takes types only from activities/', async () => {
    const error =
      "no-restricted-imports: '../activities/types.ts' import is restricted from being used by a pattern. Workflows import activity types only (import type).";
    expect(
      await errorsOf(
        'workflows/probe.ts',
        "import { StepCall } from '../activities/types.ts';\nexport const probe = StepCall;\n",
      ),
    ).toEqual([error]);
    expect(
      await errorsOf(
        'workflows/probe.ts',
        "import type { StepCall } from '../activities/types.ts';\nexport type Probe = StepCall;\n",
      ),
    ).toEqual([]);
  });

  it('refuses console and dynamic imports', async () => {
    expect(
      await errorsOf('workflows/probe.ts', "console.log('x');\nexport const probe = () => import('./saga.ts');\n"),
    ).toEqual([
      "no-restricted-globals: Unexpected use of 'console'. Use log from @temporalio/workflow.",
      'no-restricted-syntax: Workflow code imports its modules statically, so the lint sees them.',
    ]);
  });

  it("lets the sandboxed converters require only the SDK's packages and their own files", async () => {
    const error =
      'no-restricted-syntax: Workflow code requires only @temporalio/common, @temporalio/workflow and its own files.';
    const probe = (name: string) => `const m = require('${name}');\nmodule.exports = { m };\n`;
    expect(await errorsOf('worker/payload-converter.cjs', probe('node:zlib'))).toEqual([error]);
    expect(await errorsOf('worker/failure-converter.cjs', probe('events'))).toEqual([error]);
    expect(await errorsOf('worker/failure-converter.cjs', probe('@temporalio/common'))).toEqual([]);
    expect(await errorsOf('worker/failure-converter.cjs', probe('./codec-parts.cjs'))).toEqual([]);
  });
});

describe('the sandbox and the CLI stand apart from the activities', () => {
  const ACTIVITIES =
    "The sandbox and the CLI take the API contract from api/contract/ (the CLI the client from api/client/), not the worker's activities.";
  const CLIENT = 'The sandbox imports the API contract only (api/contract/), not the client it is tested against.';
  const pattern = (name: string, message: string) =>
    `no-restricted-imports: '${name}' import is restricted from being used by a pattern. ${message}`;
  const probe = (name: string) => `import * as m from '${name}';\nexport const probe = m;\n`;

  it.each([
    ['cli/probe.ts', '../activities/types.ts'],
    ['cli/commands/probe.ts', '../../activities/index.ts'],
    ['sandbox/probe.ts', '../activities/actions/venues.ts'],
    ['sandbox/routes/probe.ts', '../../activities/heartbeat.ts'],
  ])('refuses an import of activities/ in %s (%s)', async (file, name) => {
    expect(await errorsOf(file, probe(name))).toEqual([pattern(name, ACTIVITIES)]);
  });

  it('keeps the sandbox to the contract, the client being what it is tested against', async () => {
    expect(await errorsOf('sandbox/routes/probe.ts', probe('../../api/client/client.ts'))).toEqual([
      pattern('../../api/client/client.ts', CLIENT),
    ]);
    expect(await errorsOf('sandbox/routes/probe.ts', probe('../../api/contract/venues.ts'))).toEqual([]);
  });

  it("refuses a resource's handlers in the CLI and the sandbox", async () => {
    expect(await errorsOf('cli/probe.ts', probe('../actions/venue/handlers.ts'))).toEqual([
      pattern('../actions/venue/handlers.ts', ACTIVITIES),
    ]);
    expect(await errorsOf('sandbox/probe.ts', probe('../actions/venue/handlers.ts'))).toEqual([
      pattern('../actions/venue/handlers.ts', ACTIVITIES),
    ]);
  });

  it('lets the CLI take the contract and the client', async () => {
    expect(await errorsOf('cli/probe.ts', probe('../api/contract/assumptions.ts'))).toEqual([]);
    expect(await errorsOf('cli/probe.ts', probe('../api/client/client.ts'))).toEqual([]);
  });

  it.each(['cli/probe.ts', 'sandbox/probe.ts'])("still refuses the SDK's internals in %s", async (file) => {
    expect(await errorsOf(file, probe('@temporalio/common/lib/time.js'))).toHaveLength(1);
  });
});

describe("a resource's catalogue declares and does no I/O", () => {
  const MESSAGE = "A catalogue file declares actions only: the worker's handlers go in handlers.ts beside it.";
  const probe = (name: string) => `import * as m from '${name}';\nexport const probe = m;\n`;

  it.each(['./handlers.ts', '../../activities/actions/common.ts', '../../api/client/client.ts'])(
    'refuses %s in actions/venue/catalogue.ts',
    async (name) => {
      expect(await errorsOf('actions/venue/catalogue.ts', probe(name))).toContain(
        `no-restricted-imports: '${name}' import is restricted from being used by a pattern. ${MESSAGE}`,
      );
    },
  );

  it('refuses Node built-ins and lets it take the definitions and the contract', async () => {
    expect(await errorsOf('actions/venue/catalogue.ts', probe('node:fs'))).toEqual([
      `no-restricted-imports: 'node:fs' import is restricted from being used by a pattern. ${MESSAGE}`,
    ]);
    expect(await errorsOf('actions/venue/catalogue.ts', probe('../../definitions/actions/types.ts'))).toEqual([]);
    expect(await errorsOf('actions/venue/catalogue.ts', probe('../../api/contract/venues.ts'))).toEqual([]);
  });
});

describe("the SDK's internals", () => {
  it.each(['workflows/probe.ts', 'activities/probe.ts', 'test/probe.test.ts'])(
    'are taken in workflows/sdk-internals.ts only, not in %s',
    async (file) => {
      expect(
        await errorsOf(
          file,
          "import { msToNumber } from '@temporalio/common/lib/time.js';\nexport const probe = msToNumber;\n",
        ),
      ).toEqual([
        "no-restricted-imports: '@temporalio/common/lib/time.js' import is restricted from being used by a pattern. Take the Temporal SDK's internals in workflows/sdk-internals.ts, where each is checked (see its SDK-upgrade checklist).",
      ]);
    },
  );
});

describe('import cycles', () => {
  const dir = path.join(ROOT, 'test-artifacts', `lint-probes-${process.pid}`);
  beforeAll(async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = (): number => b() + 1;\n");
    await writeFile(path.join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = (): number => a() - 1;\n");
    await writeFile(path.join(dir, 'c.ts'), "import type { D } from './d.ts';\nexport interface C { d?: D }\n");
    await writeFile(path.join(dir, 'd.ts'), "import type { C } from './c.ts';\nexport interface D { c?: C }\n");
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reports a pair of .ts files that import each other', async () => {
    const results = await eslint.lintFiles([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')]);
    expect(results.map((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`))).toEqual([
      ['import-x/no-cycle: Dependency cycle detected'],
      ['import-x/no-cycle: Dependency cycle detected'],
    ]);
  });

  it("lets two files import each other's types", async () => {
    const results = await eslint.lintFiles([path.join(dir, 'c.ts'), path.join(dir, 'd.ts')]);
    expect(results.flatMap((result) => result.messages)).toEqual([]);
  });
});

describe('the files linted as workflow code', () => {
  it('include every file of ours that the worker bundles into the workflow sandbox', async () => {
    const { code } = await workflowBundle();
    // The bundler (webpack, development mode) heads each module with its path.
    const bundled = [...code.matchAll(/^\/\*\*\*\/ "\.\/([^"]+)"/gm)]
      .map((match) => match[1]!)
      .filter((file) => !file.includes('node_modules/'));
    expect(bundled).toContain('workflows/playbook.ts');
    expect(bundled).toContain('definitions/expressions.ts');
    const notLinted: string[] = [];
    for (const file of bundled) {
      const probe = file.endsWith('.cjs') ? "module.exports = require('node:fs');\n" : "export * from 'node:fs';\n";
      if ((await errorsOf(file, probe)).length === 0) notLinted.push(file);
    }
    expect(
      notLinted,
      'bundled into the workflow sandbox but not linted as workflow code: add them to workflowFiles in eslint.config.js',
    ).toEqual([]);
  }, 120_000);
});
