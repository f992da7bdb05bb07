/** The worker's logger keeps error messages and e-mail addresses out of log lines. */
import { describe, expect, it } from 'vitest';
import { ApplicationFailure, type LogLevel, type LogMetadata } from '@temporalio/common';
import { MissingKeyError } from '../../worker/key-provider.ts';
import { PrivateLogger } from '../../worker/private-logger.ts';

function capture(): { logger: PrivateLogger; lines: Array<[LogLevel, string, LogMetadata | undefined]> } {
  const lines: Array<[LogLevel, string, LogMetadata | undefined]> = [];
  const inner = { log: (level: LogLevel, message: string, meta?: LogMetadata) => lines.push([level, message, meta]) };
  return {
    logger: new PrivateLogger({
      ...inner,
      trace: () => 0,
      debug: () => 0,
      info: () => 0,
      warn: () => 0,
      error: () => 0,
    }),
    lines,
  };
}

describe('private logger', () => {
  it("logs a failed activity's error by name and failure type, not by its message", () => {
    const { logger, lines } = capture();
    const cause = ApplicationFailure.nonRetryable('Not requesters on tour 7: Ada Lindholm.', 'UNKNOWN_NAME');
    logger.warn('Activity failed', {
      activityType: 'guestCreate',
      error: new Error('wrapped', { cause }),
      durationMs: 12,
    });
    expect(lines).toEqual([
      [
        'WARN',
        'Activity failed',
        {
          activityType: 'guestCreate',
          error: { name: 'Error', cause: { name: 'ApplicationFailure', type: 'UNKNOWN_NAME' } },
          durationMs: 12,
        },
      ],
    ]);
    expect(JSON.stringify(lines)).not.toContain('Lindholm');
  });

  it("keeps the message of a missing key's error: it names the key, which an operator needs", () => {
    const { logger, lines } = capture();
    logger.error('Failed to process Workflow Activation', {
      error: new MissingKeyError('key-2025', 'key file /etc/tourflow/keys.json'),
    });
    expect(lines[0]?.[2]).toEqual({
      error: {
        name: 'MissingKeyError',
        message: expect.stringMatching(/^payload encrypted with key "key-2025", which key file/),
      },
    });
  });

  it('leaves the message of an error given as text to the run, and masks e-mail addresses anywhere', () => {
    const { logger, lines } = capture();
    logger.info('sent to ada@example.com', {
      stepId: 'rooms',
      error: 'No person ben@example.org',
      note: 'cc clara@example.net',
    });
    expect(lines).toEqual([
      [
        'INFO',
        'sent to [email]',
        { stepId: 'rooms', error: { message: "(in the run's history)" }, note: 'cc [email]' },
      ],
    ]);
  });
});
