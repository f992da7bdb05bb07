/**
 * A run whose input is larger than the 2 MiB Temporal accepts in one payload: it starts,
 * completes, and its (also large) result reads back through the CLI, because large payloads
 * travel gzip-compressed (then encrypted) through the codecs of tourflow's client and worker.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { str, type Payload } from '@temporalio/common';
import type { temporal } from '@temporalio/proto';
import { GZIP_ENCODING } from '../../worker/codec.ts';
import { ENCRYPTED_ENCODING, EncryptionCodec } from '../../worker/encryption-codec.ts';
import { keysFromList } from '../../worker/key-file.ts';
import { cli } from '../cli/support.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const PLAYBOOK = path.resolve(import.meta.dirname, 'fixtures/large-input/guest-count.yaml');
const GUESTS = 25_000;
// The Temporal server's default blob size limit: no single payload may be larger.
const BLOB_SIZE_LIMIT = 2 * 1024 * 1024;

const FIRST = ['Ada', 'Bruno', 'Chiara', 'Dmitri', 'Elif', 'Femi', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Kemal', 'Lena'];
const LAST = [
  'Albers',
  'Brandt',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Gallo',
  'Horvath',
  'Ivanova',
  'Jansen',
  'Kowalski',
];
const PICKUPS = ['Will Call', 'Box Office', 'Guest List Desk'];
const REQUESTERS = ['Tour manager', 'Promoter', 'Label', 'Band'];

/** Guest list entries as a big tour has them: a show date, a name, a party size, a pickup. */
function guestList(count: number): Array<Record<string, unknown>> {
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = `${LAST[(i * 7) % LAST.length]!}-${i}`;
    return {
      key: `guest-${String(i).padStart(6, '0')}`,
      date: `2027-${String(4 + Math.floor(i / 3_000)).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      firstName: first,
      lastName: last,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@example.test`,
      guests: 1 + (i % 4),
      pickup: PICKUPS[i % PICKUPS.length]!,
      requester: REQUESTERS[i % REQUESTERS.length]!,
      notes: i % 5 === 0 ? 'Needs an aftershow pass' : '',
    };
  });
}

const encodingOf = (payloads: temporal.api.common.v1.IPayloads | null | undefined): string | undefined => {
  const encoding = payloads?.payloads?.[0]?.metadata?.encoding;
  return encoding ? str(encoding) : undefined;
};

/** The encoding under the encryption of the first payload: what was encrypted. */
async function innerEncodingOf(
  payloads: temporal.api.common.v1.IPayloads | null | undefined,
): Promise<string | undefined> {
  const decrypted = await new EncryptionCodec(keysFromList(inject('encryptionKeys'), undefined)).decode(
    (payloads?.payloads ?? []) as Payload[],
  );
  return encodingOf({ payloads: decrypted });
}

describe('a run whose input is over 2 MiB', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('starts, completes, and its result reads back through the CLI; its history holds the input compressed, then encrypted', async () => {
    const guests = guestList(GUESTS);
    const inputs = { tourName: 'Large input tour', guests };
    expect(Buffer.byteLength(JSON.stringify(inputs))).toBeGreaterThan(BLOB_SIZE_LIMIT);

    const started = await stack.start(PLAYBOOK, inputs, 'large-input');
    const cliRun = await cli(['result', started.workflowId, '--json'], { taskQueue: stack.config.temporal.taskQueue });
    expect(cliRun.err).toBe('');
    expect(cliRun.code).toBe(0);
    const result = JSON.parse(cliRun.out) as {
      status: string;
      outputs: { tourId: string; count: number; guests: unknown[] };
    };
    expect(result.status).toBe('completed');
    expect(result.outputs.count).toBe(GUESTS);
    expect(result.outputs.guests).toEqual(guests);

    const snapshot = stack.sandbox.snapshot({ normalise: true }) as { tours?: Array<{ name: string }> };
    expect((snapshot.tours ?? []).map((tour) => tour.name)).toContain(`Large input tour (${GUESTS} guest entries)`);

    const events = (await stack.client.workflow.getHandle(started.workflowId).fetchHistory()).events ?? [];
    const startedEvent = events.find(
      (event) => event.workflowExecutionStartedEventAttributes,
    )?.workflowExecutionStartedEventAttributes;
    const completedEvent = events.find(
      (event) => event.workflowExecutionCompletedEventAttributes,
    )?.workflowExecutionCompletedEventAttributes;
    expect(encodingOf(startedEvent?.input)).toBe(ENCRYPTED_ENCODING);
    expect(await innerEncodingOf(startedEvent?.input)).toBe(GZIP_ENCODING);
    expect(startedEvent?.input?.payloads?.[0]?.data?.byteLength).toBeLessThan(BLOB_SIZE_LIMIT / 2);
    expect(await innerEncodingOf(completedEvent?.result)).toBe(GZIP_ENCODING);
  });
});
