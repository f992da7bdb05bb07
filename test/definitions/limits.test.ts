/**
 * The bounds of a playbook (nesting, what aliases add, `__proto__` keys), at the edge: what is
 * just within them compiles as before, what is just beyond is one error at its place, for YAML
 * and for the JSON fast path alike, in an included playbook too.
 */
import { describe, expect, it } from 'vitest';
import { PLAYBOOK_LIMITS } from '../../definitions/index.ts';
import { compile, errorsOf, playbook } from './helpers.ts';

const approval = '  - id: ask\n    action: approval\n    with: { message: go }\n';

/** A playbook whose `outputs.deep` nests lists `depth` levels (the playbook's own map is one more). */
const nestedYaml = (depth: number) =>
  `${playbook(approval)}outputs:\n  deep: ${'['.repeat(depth)}1${']'.repeat(depth)}\n`;
const nestedJson = (depth: number) =>
  JSON.stringify({
    apiVersion: 'tourflow/v1',
    name: 'test',
    steps: [{ id: 'ask', action: 'approval', with: { message: 'go' } }],
  }).replace(/\}$/, `,"outputs":{"deep":${'['.repeat(depth)}1${']'.repeat(depth)}}}`);

describe('playbook bounds', () => {
  it.each([
    ['YAML', nestedYaml],
    ['JSON', nestedJson],
  ])('%s: nesting up to the bound compiles, one level more is refused at its place', async (_format, nested) => {
    const within = PLAYBOOK_LIMITS.maxDepth - 2; // the playbook's map and `outputs` are two levels
    expect((await compile(nested(within))).errors).toEqual([]);
    const result = await compile(nested(within + 1));
    expect(result.errors.map((error) => [error.code, error.message])).toEqual([
      ['limit-exceeded', 'maps and lists are nested more than 100 levels deep here, the most a playbook may nest them'],
    ]);
  });

  it('anchors and aliases within the bound work as before', async () => {
    const text = playbook(
      '  - id: a\n    action: approval\n    with: &ask { message: go, timeout: 1h }\n  - id: b\n    action: approval\n    with: *ask\n',
    );
    const result = await compile(text);
    expect(result.errors).toEqual([]);
    expect(result.plan?.steps.map((step) => step.args)).toEqual([
      { message: 'go', timeout: '1h' },
      { message: 'go', timeout: '1h' },
    ]);
  });

  it('refuses aliases that add more values than the bound, at the alias that crossed it', async () => {
    const list = `[${Array(100).fill('x').join(', ')}]`;
    const aliases = `[${Array(1_000).fill('*h').join(', ')}]`;
    expect(await errorsOf(`${playbook(approval)}hundred: &h ${list}\nmany: ${aliases}\n`)).toMatchInlineSnapshot(`
      "test.yaml:8:3968: YAML aliases expand to more than 100,000 values by here, the most the aliases of a playbook may add
          8 | … *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h, *h]
            |                                                                                                                           ^^"
    `);
  });

  it('refuses a __proto__ key in YAML and in JSON, and in an included playbook', async () => {
    expect(await errorsOf(playbook(approval, 'inputs:\n  __proto__: { type: string }\n'))).toMatchInlineSnapshot(`
      "test.yaml:4:3: the key "__proto__" is not allowed; rename it
          4 |   __proto__: { type: string }
            |   ^^^^^^^^^"
    `);
    const json =
      '{"apiVersion": "tourflow/v1", "name": "test", "steps": [{"id": "ask", "action": "approval", "with": {"__proto__": 1}}]}';
    expect((await compile(json)).errors.map((error) => `${error.line}:${error.column} ${error.message}`)).toEqual([
      '1:102 the key "__proto__" is not allowed; rename it',
    ]);
    const parent = playbook('  - id: inner\n    action: playbook.run\n    with: { playbook: inner.yaml }\n');
    const inner = playbook(approval, 'inputs:\n  __proto__: { type: string }\n');
    const result = await compile(parent, { files: { 'inner.yaml': inner } });
    expect(result.errors.map((error) => `${error.file}:${error.line}:${error.column} ${error.code}`)).toEqual([
      'inner.yaml:4:3 limit-exceeded',
    ]);
  });

  it('says a second YAML document is one too many', async () => {
    expect(await errorsOf(`${playbook(approval)}---\nname: other\n`)).toContain(
      'YAML syntax: the file holds more than one YAML document (a line `---` starts another)',
    );
  });
});
