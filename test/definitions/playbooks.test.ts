import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { compilePlaybookFile } from '../../definitions/index.ts';
import { schemaText } from '../../cli/commands/schema.ts';

const folder = 'definitions/playbooks';
const shipped = (await readdir(folder)).filter((name) => name.endsWith('.yaml')).sort();

describe('shipped playbooks', () => {
  it('are all there', () => {
    expect(shipped).toEqual([
      'announce-schedule-changes.yaml',
      'apply-schedule-templates.yaml',
      'approve-guest-requests.yaml',
      'assign-rooms.yaml',
      'bulk-approve-guests.yaml',
      'create-tour.yaml',
      'demo.yaml',
      'edit-tour.yaml',
      'load-in-reminder.yaml',
      'render-day-sheets.yaml',
      'room-crew.yaml',
      'tag-items.yaml',
      'tour-setup.yaml',
      'update-stay-and-venue.yaml',
    ]);
  });

  it.each(shipped)('%s compiles to its golden plan', async (name) => {
    const { plan, errors } = await compilePlaybookFile(`${folder}/${name}`);
    expect(errors.map((error) => `${error.location}: ${error.message}`)).toEqual([]);
    await expect(`${JSON.stringify(plan, null, 2)}\n`).toMatchFileSnapshot(
      `golden/${name.replace(/\.yaml$/, '.plan.json')}`,
    );
  });

  it.each(shipped)('%s starts with the yaml-language-server schema comment', async (name) => {
    const text = await readFile(`${folder}/${name}`, 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../schema/playbook.schema.json');
  });

  it('tour-setup embeds the five playbooks it chains', async () => {
    const { plan } = await compilePlaybookFile(`${folder}/tour-setup.yaml`);
    const embedded = plan?.steps.filter((step) => step.plan).map((step) => step.plan?.name);
    expect(embedded).toEqual([
      'create-tour',
      'apply-schedule-templates',
      'assign-rooms',
      'bulk-approve-guests',
      'render-day-sheets',
    ]);
  });
});

describe('definitions/schema/playbook.schema.json', () => {
  it('is the schema generated from the zod definitions (run `tourflow schema --out definitions/schema/playbook.schema.json`)', async () => {
    expect(await readFile('definitions/schema/playbook.schema.json', 'utf8')).toBe(schemaText());
  });
});
