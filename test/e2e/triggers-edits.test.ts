/**
 * Triggers applied again while changes arrive, on the dev server and the sandbox over HTTP:
 * bulletins are created one after another through the public API, ten a second, while
 * `tourflow triggers apply` installs the playbook again, unchanged or edited, and the runs its
 * trigger started are counted against the bulletins made. Applied unchanged, it goes on as if
 * nothing happened: one run per bulletin, none twice, none missed. Edited, no bulletin starts two
 * runs (old and new version) and none is missed: each is judged by the version live when it was
 * made (the old one for those its polls found before the edit went live), every bulletin made once
 * the apply answered starts the edited one, and `explain` names the version that judged each. An
 * edit while a burst is debounced keeps the burst's one run, of the version that debounced it.
 * Polls every second; every wait polls with a deadline.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBulletin } from '../../api/contract/bulletins.ts';
import { pollUntil } from '../support/poll.ts';
import { startTriggerStack, type TriggerStack } from '../support/trigger-stack.ts';

/** The playbook; its `revision` output stands for an edit of it. */
const playbook = (revision: number, debounce = '') => `apiVersion: tourflow/v1
name: triggers-edits
inputs:
  tourId: { type: string }
triggers:
  - id: new_bulletin
    tour: \${{ inputs.tourId }}
    on: { record: bulletins, events: [created] }${debounce}
steps:
  - id: read
    action: bulletin.list
    with: { tourId: "\${{ inputs.tourId }}" }
outputs:
  recordId: \${{ event.recordId }}
  revision: ${revision}
`;

interface Made {
  id: string;
  /** When its create call was sent, and when it answered. */
  sent: number;
  at: number;
  /** The revisions of the runs it started. */
  runs: number[];
  /** The revisions whose version `explain` says started a run for it. */
  explained: number[];
  /** Why the trigger skipped it, as `explain` says. */
  skipped: string[];
}

interface Apply {
  revision: number;
  started: number;
  answered: number;
}

describe('triggers applied again while changes arrive', () => {
  let triggers: TriggerStack;
  let folder: string;
  beforeAll(async () => {
    triggers = await startTriggerStack();
    folder = await mkdtemp(path.join(os.tmpdir(), 'tourflow-edits-'));
  }, 60_000);
  afterAll(async () => {
    await triggers?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /**
   * On a tour of its own: applies revision 1, then creates bulletins one after another while it
   * applies `revisions` 700 ms apart; once a few more polls found nothing new, each bulletin with
   * the runs it started and the skips `explain` lists for it.
   */
  async function streamWhileApplying(name: string, revisions: number[]): Promise<{ made: Made[]; applies: Apply[] }> {
    const { stack, api, tourflow } = triggers;
    const { tourId, dayId } = await triggers.oneDayTour(name, name.toLowerCase().replace(/\W+/g, '-'));
    const file = path.join(folder, `${tourId}.yaml`);
    /** Each revision's trigger version, as `status` says once it is applied. */
    const versions = new Map<string, number>();
    const apply = async (revision: number) => {
      await writeFile(file, playbook(revision));
      const applied = await tourflow(['triggers', 'apply', file, '--input', `tourId=${tourId}`, '--poll', '1s']);
      expect(applied.err).toBe('');
      expect(applied.code).toBe(0);
      const view = JSON.parse((await tourflow(['triggers', 'status', tourId, '--json'])).out) as {
        triggers: { version: string }[];
      };
      versions.set(view.triggers[0]!.version, revision);
    };
    await apply(1);

    const made: Omit<Made, 'runs' | 'skipped' | 'explained'>[] = [];
    let streaming = true;
    const stream = (async () => {
      while (streaming) {
        const n = made.length + 1;
        const sent = Date.now();
        const { bulletin_id: id } = await api.call(createBulletin, {
          body: { dayId, title: `Bulletin ${n}`, body: 'x', isPinned: false, hasNotification: false },
          idempotencyKey: `edits-${tourId}-${n}`,
        });
        made.push({ id, sent, at: Date.now() });
        await new Promise((resolve) => setTimeout(resolve, 100)); // the pace of the stream, not a wait for state
      }
    })();
    const applies: Apply[] = [];
    try {
      for (const revision of revisions) {
        await new Promise((resolve) => setTimeout(resolve, 700)); // changes keep arriving between applies
        const started = Date.now();
        await apply(revision);
        applies.push({ revision, started, answered: Date.now() });
      }
      await new Promise((resolve) => setTimeout(resolve, 700));
    } finally {
      streaming = false;
      await stream;
    }

    const polls = async () =>
      (JSON.parse((await tourflow(['triggers', 'status', tourId, '--json'])).out) as { stats: { polls: number } }).stats
        .polls;
    const before = await polls();
    await pollUntil(async () => (await polls()) >= before + 3, 'three more polls');
    const runs: { recordId: string; revision: number }[] = [];
    for await (const info of stack.client.workflow.list({ query: `WorkflowId STARTS_WITH 'trigger/${tourId}/'` }))
      runs.push(
        (await stack.client.workflow.getHandle(info.workflowId).result()).outputs as unknown as (typeof runs)[number],
      );
    const decisions = JSON.parse((await tourflow(['triggers', 'explain', tourId, '--json'])).out) as {
      recordId: string;
      version: string;
      outcome: string;
      reason?: string;
    }[];
    await tourflow(['triggers', 'delete', tourId, '--playbook', 'triggers-edits']);
    return {
      applies,
      made: made.map((m) => ({
        ...m,
        runs: runs.filter((r) => r.recordId === m.id).map((r) => r.revision),
        skipped: decisions.filter((d) => d.recordId === m.id && d.outcome === 'skipped').map((d) => d.reason ?? ''),
        explained: decisions
          .filter((d) => d.recordId === m.id && d.outcome === 'started')
          .map((d) => versions.get(d.version) ?? -1),
      })),
    };
  }

  it('applied again unchanged while bulletins arrive: one run per bulletin, none twice, none missed', async () => {
    const { made } = await streamWhileApplying('Reapplied Trigger Tour', [1, 1, 1]);
    expect(made.length).toBeGreaterThan(20);
    expect(made.filter((m) => m.runs.length !== 1 || m.runs[0] !== 1)).toEqual([]);
  }, 120_000);

  let edited: { made: Made[]; applies: Apply[] } | undefined;

  it('edited while bulletins arrive: none starts two runs, and those made once an apply answered start its revision', async () => {
    edited = await streamWhileApplying('Edited Trigger Tour', [2, 2, 3]);
    const { made, applies } = edited;
    expect(made.filter((m) => m.runs.length > 1)).toEqual([]);
    const during = (m: Made) => applies.some((a) => a.started <= m.at && m.sent <= a.answered);
    const liveWhen = (m: Made) => applies.filter((a) => a.answered < m.sent).at(-1)?.revision ?? 1;
    // a run is of the revision live when its bulletin was made
    expect(made.filter((m) => m.runs.length === 1 && !during(m) && m.runs[0] !== liveWhen(m))).toEqual([]);
    // a bulletin that started no run is one explain accounts for
    expect(
      made.filter((m) => m.runs.length === 0 && !m.skipped.includes('the trigger was applied after this change')),
    ).toEqual([]);
    // once the last edit answered, every bulletin starts its revision
    const last = applies.at(-1)!;
    const after = made.filter((m) => m.sent > last.answered);
    expect(after.length).toBeGreaterThan(3);
    expect(after.filter((m) => m.runs.join() !== String(last.revision))).toEqual([]);
  }, 120_000);

  // The changes found before an edit is live are the old version's to judge (workflows/watcher-versions.ts): without
  // that, the changes made since the last poll before the apply started no run of either version.
  it('edited while bulletins arrive: none missed, each judged by the revision live when it came', () => {
    expect(edited).toBeDefined();
    expect(edited!.made.filter((m) => m.runs.length === 0)).toEqual([]);
    // explain names the version that started each run: the run's own revision
    expect(edited!.made.filter((m) => m.explained.join() !== m.runs.join())).toEqual([]);
  });

  // The burst is the version's that debounced it: the edit keeps it, and it starts at its due time under that version.
  it('edited while a burst is debounced: the burst still starts its one run, of the version that debounced it', async () => {
    const { api, stack, tourflow } = triggers;
    const { tourId, dayId } = await triggers.oneDayTour('Debounced Edit Tour', 'debounced-edit-tour');
    const file = path.join(folder, `${tourId}.yaml`);
    const apply = async (revision: number) => {
      await writeFile(file, playbook(revision, '\n    debounce: { quiet: 6s, max: 60s }'));
      expect((await tourflow(['triggers', 'apply', file, '--input', `tourId=${tourId}`, '--poll', '1s'])).code).toBe(0);
    };
    const status = async () =>
      JSON.parse((await tourflow(['triggers', 'status', tourId, '--json'])).out) as { stats: { polls: number } };
    await apply(1);
    await api.call(createBulletin, {
      body: { dayId, title: 'Debounced', body: 'x', isPinned: false, hasNotification: false },
      idempotencyKey: `edits-debounced-${tourId}`,
    });
    await pollUntil(async () => {
      const decisions = JSON.parse((await tourflow(['triggers', 'explain', tourId, '--json'])).out) as {
        outcome: string;
      }[];
      return decisions.some((d) => d.outcome === 'debounced');
    }, 'the bulletin debounced');
    await apply(2);
    // the quiet period over, and two polls after it
    const quietEnds = Date.now() + 6_000;
    await pollUntil(async () => Date.now() > quietEnds, 'the end of the quiet period', 15_000, 250);
    const polls = (await status()).stats.polls;
    await pollUntil(async () => (await status()).stats.polls >= polls + 2, 'two more polls');
    const runs: number[] = [];
    for await (const info of stack.client.workflow.list({ query: `WorkflowId STARTS_WITH 'trigger/${tourId}/'` }))
      runs.push(
        ((await stack.client.workflow.getHandle(info.workflowId).result()).outputs as { revision: number }).revision,
      );
    expect(runs).toEqual([1]);
  }, 60_000);
});
