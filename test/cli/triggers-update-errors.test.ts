/**
 * `tourflow triggers pause|resume|delete` when Temporal refuses or fails the watcher's update (a
 * busy server, a watcher closing its run for continue-as-new): the command ends with exit 1 and
 * says to run it again, instead of "tourflow crashed; this is a bug". Errors the SDK's client
 * throws, built as it builds them; a lost connection stays `connect.ts`'s to explain.
 */
import { ServiceError, WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { ExitCode, UserError } from '../../cli/context.ts';
import { watcherUpdateError } from '../../cli/triggers.ts';

const TOUR = '5b0c3c8e-1d2a-4f57-9e0b-6a1f2c3d4e5f';
const COMMAND = `tourflow triggers pause ${TOUR}`;

/** A gRPC status error as grpc-js makes it. */
const grpc = (code: number, details: string) =>
  Object.assign(new Error(`${code} ${details}`), { code, details, metadata: { internalRepr: new Map() } });

describe('a failed update of the watcher', () => {
  it.each([
    [
      'refused by the server',
      new ServiceError('Workflow Update failed', { cause: grpc(10, 'workflow operation can not be applied') }),
      'workflow operation can not be applied',
    ],
    [
      'failed in the watcher',
      new WorkflowUpdateFailedError(
        'Workflow Update failed',
        ApplicationFailure.create({ message: 'update rejected' }),
      ),
      'update rejected',
    ],
    [
      'not answered in time',
      new WorkflowUpdateRPCTimeoutOrCancelledError('Workflow update call timeout or cancelled'),
      'Workflow update call timeout or cancelled',
    ],
  ])('%s: exit 1, what Temporal said, and the command to run again', (_, error, said) => {
    const mapped = watcherUpdateError(error, TOUR, COMMAND);
    expect(mapped).toBeInstanceOf(UserError);
    expect(mapped?.exitCode).toBe(ExitCode.failed);
    expect(mapped?.message).toBe(
      `the watcher of tour ${TOUR} did not confirm the change (Temporal said: ${said}); it may not have been made. ` +
        `Run it again: ${COMMAND} (tourflow triggers status ${TOUR} shows the watcher's state)`,
    );
  });

  it('leaves an unreachable server, and any other error, to the messages that explain them', () => {
    expect(
      watcherUpdateError(new ServiceError('Workflow Update failed', { cause: grpc(14, 'unavailable') }), TOUR, COMMAND),
    ).toBeUndefined();
    expect(watcherUpdateError(new Error('something else'), TOUR, COMMAND)).toBeUndefined();
  });
});
