/**
 * Replays every recorded history of the shipped playbooks against the current workflow code.
 * A non-determinism error here means a workflow change must re-record the histories (`npm run
 * record-histories`) or, once tourflow is released, needs `patched()` (see workflows/ARCHITECTURE.md).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Worker } from '@temporalio/worker';
import { workflowBundle } from '../../worker/worker.ts';
import { createDataConverter } from '../../worker/codec.ts';
import { keysFromList } from '../../worker/key-file.ts';

const DIR = path.resolve(import.meta.dirname, 'histories');
/** The recorded run's workflow ID: its file name. */
const workflowIdOf = (file: string) => file.replace(/\.json$/, '');
const files = (await readdir(DIR)).filter((file) => file.endsWith('.json')).sort();
/** A worker that encrypts, as every worker does: the recorded histories hold unencrypted payloads, which it reads as they are. */
const dataConverter = createDataConverter(keysFromList(`replay:${Buffer.alloc(32, 7).toString('base64')}`, undefined));

describe('replay of recorded histories', () => {
  it('has recorded histories to replay', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s replays without non-determinism', async (file) => {
    // The worker reads the Temporal CLI's JSON form of a history itself.
    const history: unknown = JSON.parse(await readFile(path.join(DIR, file), 'utf8'));
    await Worker.runReplayHistory(
      { workflowBundle: await workflowBundle(), dataConverter },
      history,
      workflowIdOf(file),
    );
  });

  it('runs daySheet.render as a plain activity (it heartbeats while it saves the sheets), the tour read before it as a local one', async () => {
    type Event = {
      activityTaskScheduledEventAttributes?: { activityType?: { name?: string } };
      markerRecordedEventAttributes?: { markerName?: string };
    };
    const { events } = JSON.parse(await readFile(path.join(DIR, 'tour-setup--recorded_sheets.json'), 'utf8')) as {
      events: Event[];
    };
    expect(events.flatMap((event) => event.activityTaskScheduledEventAttributes?.activityType?.name ?? [])).toEqual([
      'daySheetRender',
    ]);
    expect(
      events.filter((event) => event.markerRecordedEventAttributes?.markerName === 'core_local_activity'),
    ).toHaveLength(1);
  });
});
