import { describe, expect, it } from 'vitest';
import type { TriggeredPlan } from '../../definitions/trigger-types.ts';
import { compile, errorsOf, playbook } from './helpers.ts';

const step = `  - id: pending
    action: guests.select
    if: event.kind != "deleted"
    with:
      tourId: \${{ inputs.tourId }}
      select: { dates: ["\${{ event.date }}"] }
`;

function withTriggers(triggers: string): string {
  return playbook(
    step,
    `inputs:\n  tourId: { type: string }\n  dayId: { type: number, required: false }\ntriggers:\n${triggers}`,
  );
}

const guests = `  - id: requests
    tour: \${{ inputs.tourId }}
    on: { record: guests, events: [created, statusChanged] }
    where: event.record.status == "Pending"
    debounce: { quiet: 2m, key: "string(event.dayId)" }
    inputs: { dayId: "\${{ event.dayId }}" }
`;

describe('triggers', () => {
  it("compiles record and time triggers; steps read the event from the run's event input", async () => {
    const { plan, errors } = await compile(
      withTriggers(`${guests}  - id: reminder
    tour: Spring Run
    on: { before: { days: 2, at: "09:00" }, dayType: Show, late: 2h }
`),
    );
    expect(errors).toEqual([]);
    const triggers = (plan as TriggeredPlan).triggers;
    expect(triggers?.map((t) => [t.id, t.on, t.debounce])).toEqual([
      [
        'requests',
        { record: 'guests', events: ['created', 'statusChanged'] },
        { quietMs: 120_000, maxMs: 1_200_000, key: 'string(event.dayId)' },
      ],
      ['reminder', { before: { days: 2, at: '09:00' }, dayType: 'Show', lateMs: 7_200_000 }, undefined],
    ]);
    expect(plan?.steps[0]?.if).toBe('inputs.event.kind != "deleted"');
    expect(plan?.steps[0]?.args).toEqual({
      tourId: '${{ inputs.tourId }}',
      select: { dates: ['${{ inputs.event.date }}'] },
    });
  });

  it('reports each mistake at file:line:column', async () => {
    const text = await errorsOf(
      withTriggers(`  - id: requests
    tour: x
    on: { record: guests, events: [changed], fields: [status, nmae] }
    where: event.record.title == "x" && event.recrod == 1
  - id: bulletin
    tour: x
    on: { record: bulletins, events: [statusChanged] }
  - id: soon
    tour: x
    on: { before: 2 days }
  - id: late
    tour: x
    on: { record: hotels }
`),
    );
    expect(text).toContain('test.yaml:9:63: guests have no field "nmae"');
    expect(text).toContain('test.yaml:10:41: unknown field "event.recrod"');
    expect(text).toContain('test.yaml:13:39: bulletins have no status: "statusChanged" never fires on them');
    expect(text).toContain('test.yaml:16:19: before: expected a duration like "30s"');
    expect(text).toContain('test.yaml:19:19: record: "hotels" is not one of days');
  });

  it('types event.record after the record watched', async () => {
    const text = await errorsOf(withTriggers(guests.replace('event.record.status', 'event.record.title')));
    expect(text).toContain('event.record has no field "title"');
  });

  it('knows no event in a playbook without triggers', async () => {
    const text = await errorsOf(playbook(step, 'inputs:\n  tourId: { type: string }\n'));
    expect(text).toContain('unknown name "event"');
  });
});
