/**
 * Hostile input through the real `tourflow` process: an alias bomb, deep nesting, oversized
 * files and prototype keys are user errors (exit 2, a message that names the file, the place
 * and the bound, no stack trace), and each comes back quickly instead of hanging or crashing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliProcess } from '../support/cli-process.ts';

const PLAYBOOK = path.resolve(import.meta.dirname, '../../definitions/playbooks/render-day-sheets.yaml');
/** A playbook with a list input (`days`). */
const WITH_LIST = path.resolve(import.meta.dirname, '../../definitions/playbooks/create-tour.yaml');
/** A Temporal address nothing listens on: no case may get as far as connecting. */
const NOWHERE = '127.0.0.1:1';
/** Generous for a process start on a busy machine; a hang or a 256 MiB expansion takes far longer. */
const QUICK_MS = 15_000;

const HEADER = 'apiVersion: tourflow/v1\nname: hostile\nsteps: []\n';

/** "Billion laughs": nine levels of nine aliases each, 9^9 values once expanded. */
function aliasBomb(): string {
  const levels = 'abcdefghi'.split('');
  const lines = [`${levels[0]}: &${levels[0]} [${Array(9).fill('"lol"').join(',')}]`];
  for (let i = 1; i < levels.length; i++)
    lines.push(
      `${levels[i]}: &${levels[i]} [${Array(9)
        .fill(`*${levels[i - 1]}`)
        .join(',')}]`,
    );
  return `${HEADER}${lines.join('\n')}\n`;
}

const nested = (depth: number): string => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** A day list of a million rows, 27 MiB: inside an inputs file's 32 MiB, far over what Temporal takes as a run's input. */
function millionRows(): string {
  const rows = ['date,city,dayType'];
  for (let i = 0; i < 1_000_000; i++)
    rows.push(`2027-03-${String(1 + (i % 28)).padStart(2, '0')},City ${String(i).padStart(6, '0')},Show`);
  return `${rows.join('\n')}\n`;
}

/** `count` letters that do not repeat in any pattern gzip finds (a linear congruential generator's). */
function noise(count: number, seed: number): string {
  let state = seed;
  let text = '';
  for (let i = 0; i < count; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    text += String.fromCharCode(97 + ((state >> 16) % 26));
  }
  return text;
}

describe('hostile input through the tourflow process', () => {
  let dir: string;
  const file = (name: string) => path.join(dir, name);
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-hostile-'));
    await writeFile(file('bomb.yaml'), aliasBomb());
    await writeFile(file('deep.yaml'), `${HEADER}x: ${nested(200_000)}\n`);
    await writeFile(file('huge.yaml'), `${HEADER}# ${'x'.repeat(17 * 1024 * 1024)}\n`);
    await writeFile(file('constructor.yaml'), 'constructor: 1\n');
    await writeFile(file('proto.json'), '{"tour": "Spring", "__proto__": {"tourId": "x"}}');
    await writeFile(file('deep.json'), `{"tour": ${nested(200_000)}}`);
    await writeFile(file('huge.json'), `{"tour": "${'x'.repeat(33 * 1024 * 1024)}"}`);
    await writeFile(file('list.yaml'), '- tour\n');
    await writeFile(file('million.csv'), millionRows());
    await writeFile(
      file('big-days.json'),
      JSON.stringify({
        name: 'Spring',
        days: Array.from({ length: 30_000 }, (_, i) => ({ date: '2027-03-27', city: noise(160, i) })),
      }),
    );
    await writeFile(file('constructor.csv'), 'date,city,constructor,toString,__proto__\n2027-03-27,Berlin,x,y,z\n');
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each([
    {
      what: 'an alias bomb playbook (validate)',
      argv: () => ['validate', file('bomb.yaml')],
      message: () =>
        `${file('bomb.yaml')}:9:8: YAML aliases expand to more than 100,000 values by here, the most the aliases of a playbook may add`,
    },
    {
      what: 'an alias bomb playbook (run)',
      argv: () => ['run', file('bomb.yaml'), '--address', NOWHERE],
      message: () => 'YAML aliases expand to more than 100,000 values by here',
    },
    {
      what: 'a playbook nested 200,000 deep',
      argv: () => ['validate', file('deep.yaml')],
      message: () =>
        `${file('deep.yaml')}:4:104: maps and lists are nested more than 100 levels deep here, the most a playbook may nest them`,
    },
    {
      what: 'a playbook over 16 MiB',
      argv: () => ['validate', file('huge.yaml')],
      message: () => `${file('huge.yaml')}:1:1: the file is larger than 16 MiB, the most a playbook may be`,
    },
    {
      what: 'an inputs file with a constructor key',
      argv: () => ['run', PLAYBOOK, '--inputs', file('constructor.yaml'), '--address', NOWHERE],
      message: () => 'unknown input "constructor"; valid inputs: tour, tourId, from, to, folder, path',
    },
    {
      what: 'an --input named like an Object method',
      argv: () => ['run', PLAYBOOK, '--input', 'toString=x', '--address', NOWHERE],
      message: () => 'unknown input "toString"',
    },
    {
      what: 'an inputs file with a __proto__ key',
      argv: () => ['run', PLAYBOOK, '--inputs', file('proto.json'), '--address', NOWHERE],
      message: () => `${file('proto.json')}:1:20: the key "__proto__" is not allowed; rename it`,
    },
    {
      what: 'an inputs file nested 200,000 deep',
      argv: () => ['run', PLAYBOOK, '--inputs', file('deep.json'), '--address', NOWHERE],
      message: () =>
        `${file('deep.json')}:1:109: maps and lists are nested more than 100 levels deep here, the most an inputs file may nest them`,
    },
    {
      what: 'an --input list nested 50,000 deep (as deep as one argument may be)',
      argv: () => [
        'run',
        WITH_LIST,
        '--input',
        'name=Spring',
        '--input',
        `days=${nested(50_000)}`,
        '--address',
        NOWHERE,
      ],
      message: () =>
        'input "days": maps and lists are nested more than 100 levels deep, the most an input may nest them',
    },
    {
      what: 'an inputs file over 32 MiB',
      argv: () => ['run', PLAYBOOK, '--inputs', file('huge.json'), '--address', NOWHERE],
      message: () => `${file('huge.json')}:1:1: the file is larger than 32 MiB, the most an inputs file may be`,
    },
    {
      what: 'an inputs file that is not a map',
      argv: () => ['run', PLAYBOOK, '--inputs', file('list.yaml'), '--address', NOWHERE],
      message: () => `${file('list.yaml')}:1:1: an inputs file holds a map of input names to values, got a list`,
    },
    {
      what: "a CSV of a million rows, inside the 32 MiB bound but over the 2 MiB Temporal takes as a run's input",
      argv: () => [
        'run',
        WITH_LIST,
        '--input',
        'name=Spring',
        '--inputs',
        `days=${file('million.csv')}`,
        '--address',
        NOWHERE,
      ],
      message: () =>
        `${file('million.csv')}: its 1,000,000 rows are 3.4 MiB even compressed, more than the 2 MiB Temporal accepts as a run's input (its limit.blobSize.error); ` +
        'split them over several files of at most about 290,000 rows and start a run for each',
    },
    {
      what: "an inputs file whose values compress to more than the 2 MiB Temporal takes as a run's input",
      argv: () => ['run', WITH_LIST, '--inputs', file('big-days.json'), '--address', NOWHERE],
      message: () =>
        "the run's input (its plan and inputs) is 2.8 MiB compressed, more than the 2 MiB Temporal accepts as a run's input (its limit.blobSize.error); " +
        'split "days" (30,000 entries) over several runs of at most about 19,000 entries each',
    },
  ])('$what: exit 2 with a clear message, quickly', async ({ argv, message }) => {
    const run = await runCliProcess(argv(), { timeoutMs: QUICK_MS * 2 });
    expect(run.err).toContain(message());
    expect(run.err).not.toMatch(/crashed|this is a bug|\n\s+at /);
    expect(run.code).toBe(2);
    expect(run.ms).toBeLessThan(QUICK_MS);
    // the offending line is cut around the place, not printed whole
    expect(run.err.length).toBeLessThan(2_000);
  });

  it('a CSV with columns named like Object methods (constructor, toString, __proto__): ordinary columns, no crash', async () => {
    const run = await runCliProcess([
      'plan',
      WITH_LIST,
      '--input',
      'name=Spring',
      '--inputs',
      `days=${file('constructor.csv')}`,
    ]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
  });
});
