import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';

const CLI = path.resolve(import.meta.dirname, '../support/cli-main.ts');

async function run(argv: string[], cwd = process.cwd()): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main({
    argv,
    cwd,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    signal: new AbortController().signal,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('tourflow validate', () => {
  it('prints ok for a valid playbook', async () => {
    const result = await run(['validate', 'definitions/playbooks/demo.yaml']);
    expect(result).toEqual({ code: 0, out: 'ok definitions/playbooks/demo.yaml', err: '' });
  });

  it('prints file:line:column and exits 2 for a broken one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tourflow-validate-'));
    await writeFile(
      path.join(dir, 'bad.yaml'),
      'apiVersion: tourflow/v1\nname: bad\nsteps:\n  - id: a\n    action: tour.craete\n',
    );
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

describe('tourflow validate as a process', () => {
  it('reports a type mistake at its place and exits 2, without a stack trace', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tourflow-validate-'));
    await writeFile(
      path.join(dir, 'typed.yaml'),
      `apiVersion: tourflow/v1
name: typed
inputs:
  days: { type: string }
steps:
  - id: ask
    action: approval
    forEach: \${{ inputs.days }}
    with: { message: '\${{ "Day " + (index + 1) }}' }
`,
    );
    // the loader by its path: the playbook's folder has no node_modules to find it in
    const argv = ['--import', import.meta.resolve('tsx'), CLI, 'validate', 'typed.yaml'];
    const result = await new Promise<{ code: number; out: string; err: string }>((resolve) => {
      execFile(process.execPath, argv, { cwd: dir }, (error, out, err) =>
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, out, err }),
      );
    });
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).not.toMatch(/crashed|\n\s+at /);
    expect(result.err).toMatchInlineSnapshot(`
      "typed.yaml:8:18: "forEach" needs a list, but inputs.days is a string
          8 |     forEach: \${{ inputs.days }}
            |                  ^^^^^^^^^^^
        hint: declare input "days" with "type: list" (and "items:" for its elements)
      typed.yaml:9:27: "+" cannot combine a string and an int
          9 |     with: { message: '\${{ "Day " + (index + 1) }}' }
            |                           ^^^^^^^^^^^^^^^^^^^
        hint: CEL converts nothing by itself: write string(...) around the number to join it to text, or int(...) around the text to count with it
      typed.yaml: 2 errors
      "
    `);
  }, 30_000);
});

describe('tourflow plan', () => {
  it('prints the steps with their groups, calls and undo, without calling the API', async () => {
    const result = await run([
      'plan',
      'definitions/playbooks/create-tour.yaml',
      '--input',
      'name=Spring',
      '--input',
      'days=[{"date":"2027-03-27","city":"Berlin","dayType":"Show"}]',
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toMatchInlineSnapshot(`
      "playbook create-tour: Create a tour with its days from a compact list, venues on show days and a stay per city (check-in and check-out in local time). Undo deletes everything it created.
      inputs: name=Spring, days=[1 item], timeZone=Europe/Berlin, venues=[0 items], stays=[0 items]
      group 1
        tour  tour.create
            calls: GET /v1/organizations, GET /v1/day-types, POST /v1/tours, GET /v1/tours?org_id
            undo: delete the tour with its days
      group 2 (in parallel: venues, stays)
        venues  venue.create  (after tour)
            forEach: \${{ inputs.venues }} as venue, 10 at once, key \${{ venue.date + " " + venue.title }}
            calls: GET /v1/tours/{tourId}/data, GET /v1/reference/types, POST /v1/venues
            undo: delete the venue
        stays  stay.create  (after tour)
            forEach: \${{ inputs.stays }} as stay, 10 at once, key \${{ stay.title + " " + stay.checkIn.date }}
            calls: GET /v1/tours/{tourId}/data, POST /v1/accommodation
            undo: delete the stay"
    `);
  });

  it('marks steps that destroy data', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tourflow-plan-'));
    await writeFile(
      path.join(dir, 'cleanup.yaml'),
      'apiVersion: tourflow/v1\nname: cleanup\nsteps:\n  - id: drop\n    action: tag.delete\n    allowDestroy: true\n    with: { tourId: 0b8e8f4e-1f39-4c39-9a55-3c1a6f5a3c11, tag: Old }\n',
    );
    const result = await run(['plan', 'cleanup.yaml'], dir);
    expect(result.out).toContain(
      '! destroys data (allowDestroy): deletes a tag permanently and removes it from every schedule item; the API cannot restore it',
    );
  });

  it('lists the destructive steps of a playbook with what they destroy and that they cannot be undone', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tourflow-plan-'));
    const tour = '0b8e8f4e-1f39-4c39-9a55-3c1a6f5a3c11';
    await writeFile(
      path.join(dir, 'teardown.yaml'),
      `apiVersion: tourflow/v1\nname: teardown\nsteps:\n  - id: notice\n    action: bulletin.delete\n    allowDestroy: true\n    with: { bulletinId: abc123 }\n  - id: tour\n    action: tour.delete\n    needs: [notice]\n    allowDestroy: true\n    with: { tourId: ${tour} }\n`,
    );
    const result = await run(['plan', 'teardown.yaml'], dir);
    expect(result.out).toContain(
      '! destroys data (allowDestroy): deletes a bulletin; the API has no bulletin restore, so this cannot be undone',
    );
    expect(result.out).toContain(
      '! destroys data (allowDestroy): deletes a whole tour with its days, schedule, venues, stays, guest list and bulletins; the API has no tour restore, so this cannot be undone',
    );
    expect(result.out.match(/undo: none: this step cannot be undone/g)).toHaveLength(2);
    expect(result.out.slice(result.out.indexOf('deletes and destroys:'))).toMatchInlineSnapshot(`
      "deletes and destroys:
        notice  bulletin.delete: cannot be undone: deletes a bulletin; the API has no bulletin restore, so this cannot be undone
        tour  tour.delete: cannot be undone: deletes a whole tour with its days, schedule, venues, stays, guest list and bulletins; the API has no tour restore, so this cannot be undone"
    `);
  });

  it('sums up the deletes of a playbook, those a rollback brings back too', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tourflow-plan-'));
    const tour = '0b8e8f4e-1f39-4c39-9a55-3c1a6f5a3c11';
    await writeFile(
      path.join(dir, 'tidy.yaml'),
      `apiVersion: tourflow/v1\nname: tidy\nsteps:\n  - id: drop\n    action: schedule.item.delete\n    with: { itemId: 12 }\n  - id: plot\n    action: file.remove\n    with: { tourId: ${tour}, file: Old plot, venue: Tempodrom }\n  - id: tag\n    action: tag.delete\n    allowDestroy: true\n    with: { tourId: ${tour}, tag: Old }\n`,
    );
    const result = await run(['plan', 'tidy.yaml'], dir);
    expect(result.out.slice(result.out.indexOf('deletes and destroys:'))).toMatchInlineSnapshot(`
      "deletes and destroys:
        drop  schedule.item.delete: Delete a schedule item, by its day and name or by ID (it can be restored); undone on rollback: restore the item
        plot  file.remove: Remove a file from the record it is attached to (a name may be narrowed to one record by scheduleItem, venue, stay or passType); undone on rollback: attach the same stored file to the record again (it gets a new file ID)
        tag  tag.delete: cannot be undone: deletes a tag permanently and removes it from every schedule item; the API cannot restore it"
    `);
  });

  it('lists the shipped edit-tour playbook’s delete with what it deletes, and that a rollback restores it', async () => {
    const inputs = {
      tourId: '0b8e8f4e-1f39-4c39-9a55-3c1a6f5a3c11',
      day: '2027-03-27',
      itemId: 1,
      start: '10:00',
      end: '11:00',
      location: 'Stage door',
      tag: 'Crew',
      tagName: 'Crew A',
      template: 'Show day',
      templateName: 'Show day (A)',
      dropItemId: 2,
    };
    const result = await run([
      'plan',
      'definitions/playbooks/edit-tour.yaml',
      ...Object.entries(inputs).flatMap(([name, value]) => ['--input', `${name}=${value}`]),
    ]);
    expect(result.out).not.toContain('! destroys data');
    expect(result.out.slice(result.out.indexOf('deletes and destroys:'))).toMatchInlineSnapshot(`
      "deletes and destroys:
        drop  schedule.item.delete: Delete a schedule item, by its day and name or by ID (it can be restored); undone on rollback: restore the item"
    `);
  });

  it('prints the plan as JSON with --json', async () => {
    const result = await run(['plan', 'definitions/playbooks/demo.yaml', '--json']);
    expect(JSON.parse(result.out)).toMatchObject({ version: 1, name: 'demo', groups: [['tour']] });
  });

  it('refuses bad inputs with exit 2', async () => {
    const result = await run(['plan', 'definitions/playbooks/demo.yaml', '--input', 'startDate=tomorrow']);
    expect(result).toMatchObject({
      code: 2,
      err: 'error: input "startDate": expected a date like 2027-04-03, got "tomorrow"',
    });
  });
});

describe('tourflow schema', () => {
  it('prints the JSON Schema', async () => {
    const result = await run(['schema']);
    expect(JSON.parse(result.out)).toMatchObject({
      title: 'tourflow playbook',
      required: ['apiVersion', 'name', 'steps'],
    });
  });
});
