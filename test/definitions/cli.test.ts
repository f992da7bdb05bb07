import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';

async function run(argv: string[], cwd = process.cwd()): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main({ argv, cwd, stdout: (text) => out.push(text), stderr: (text) => err.push(text), signal: new AbortController().signal });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('tourflow validate', () => {
  it('prints ok for a valid playbook', async () => {
    const result = await run(['validate', 'definitions/playbooks/demo.yaml']);
    expect(result).toEqual({ code: 0, out: 'ok definitions/playbooks/demo.yaml', err: '' });
  });

  it('prints file:line:column and exits 2 for a broken one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tourflow-validate-'));
    await writeFile(path.join(dir, 'bad.yaml'), 'apiVersion: tourflow/v1\nname: bad\nsteps:\n  - id: a\n    action: tour.craete\n');
    const result = await run(['validate', 'bad.yaml', 'missing.yaml'], dir);
    expect(result.code).toBe(2);
    expect(result.err).toMatchInlineSnapshot(`
      "bad.yaml:5:13: unknown action "tour.craete"
          5 |     action: tour.craete
            |             ^^^^^^^^^^^
        hint: did you mean "tour.create"?
      bad.yaml: 1 error
      missing.yaml:1:1: cannot read playbook: no such file
      missing.yaml: 1 error"
    `);
  });
});
