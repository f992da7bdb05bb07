/**
 * Why `tourflow triggers list` says a watcher did not answer: a query that failed says so
 * whatever the task queue's polls; one that ran out of time is explained by them.
 */
import { describe, expect, it } from 'vitest';
import { whyNot } from '../../cli/triggers-list.ts';

const asked = 1_000_000_000;
const queue = 'tourflow';

function grpcError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('why a watcher did not answer', () => {
  it('names a failed query as failed, though a worker polls (its poll began before the query, as an idle one does)', () => {
    const failed = grpcError(3, 'query handler threw: watcher state unreadable\nstack');
    expect(whyNot(failed, queue, asked, asked - 20_000)).toBe(
      'the query failed: query handler threw: watcher state unreadable (gRPC code 3)',
    );
  });

  it('explains a query out of time by the polls: none for minutes, one begun before it, one begun after it', () => {
    const late = grpcError(4, 'deadline exceeded');
    expect(whyNot(late, queue, asked, null)).toBe('no worker is polling its task queue tourflow');
    expect(whyNot(late, queue, asked, asked - 80_000)).toBe('no worker is polling its task queue tourflow');
    expect(whyNot(late, queue, asked, asked - 20_000)).toBe(
      'no worker is polling its task queue tourflow (the last poll began 20 s ago), or its worker is busy',
    );
    expect(whyNot(late, queue, asked, asked + 500)).toBe(
      'none within 2 s (a worker polls its task queue tourflow: busy or failing)',
    );
  });

  it('takes a query whose stream the server reset at the deadline (CANCELLED, wrapped by the client) as out of time', () => {
    const reset = Object.assign(new Error('Failed to query Workflow'), {
      cause: grpcError(1, '1 CANCELLED: Call cancelled'),
    });
    expect(whyNot(reset, queue, asked, asked - 3_000)).toBe(
      'no worker is polling its task queue tourflow (the last poll began 3 s ago), or its worker is busy',
    );
  });

  it('takes a query the server refused at once, with no poll for minutes, for no worker', () => {
    expect(whyNot(grpcError(9, 'no poller seen for task queue recently'), queue, asked, null)).toBe(
      'no worker is polling its task queue tourflow',
    );
  });
});
