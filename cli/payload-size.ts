/**
 * How large a run's input may be. A run starts with one payload, its plan and inputs, which
 * Temporal refuses over its blob size limit (`limit.blobSize.error`: 2 MiB unless the server's
 * dynamic config raises it; the dev server and Temporal Cloud keep it). That payload travels
 * compressed (worker/codec.ts), so the limit is on compressed bytes. tourflow checks before a
 * run starts, and before a large CSV file is even parsed, so that an input too large says so
 * with the figures and what to do, instead of the server's "Failed to start Workflow".
 */
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import proto from '@temporalio/proto';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import { planForRun } from '../definitions/run-plan.ts';
import { CompressionCodec } from '../worker/codec.ts';

// A CommonJS module: its namespaces come from the default export.
const ProtoPayload = proto.temporal.api.common.v1.Payload;

const MiB = 1024 * 1024;

/** Temporal's default `limit.blobSize.error`: the most one payload may be. */
export const TEMPORAL_PAYLOAD_LIMIT_BYTES = 2 * MiB;

/**
 * Room left in the limit for what the estimate does not hold: the encryption envelope (nonce,
 * tag, key ID, metadata: under 100 bytes) and the run's key seed (its workflow ID, at most the
 * 1,000 characters Temporal allows an ID).
 */
const ENVELOPE_BYTES = 4 * 1024;

const LIMIT_TEXT = `the ${TEMPORAL_PAYLOAD_LIMIT_BYTES / MiB} MiB Temporal accepts as a run's input (its limit.blobSize.error)`;

const mib = (bytes: number): string => `${(bytes / MiB).toFixed(1)} MiB`;

/** `n` rounded down to two significant digits, at least 1: "about 290,000". */
function roughly(n: number): string {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1);
  return Math.max(1, Math.floor(n / unit) * unit).toLocaleString('en-US');
}

/** The bytes of a payload as Temporal receives it, before encryption: compressed when large. */
async function compressedSize(payload: Payload): Promise<number> {
  const [encoded] = await new CompressionCodec().encode([payload]);
  return ProtoPayload.encode(encoded!).finish().byteLength + ENVELOPE_BYTES;
}

/**
 * A CSV file whose bytes alone compress to more than the limit, with `rows` rows: the message
 * saying so and how to split it, or undefined. Its rows as JSON (field names repeated, values
 * converted) compress to more than the file does, so such a file cannot fit, and is refused
 * before parsing costs hundreds of MiB.
 */
export async function csvSizeProblem(bytes: Uint8Array, rows: number): Promise<string | undefined> {
  if (bytes.byteLength <= TEMPORAL_PAYLOAD_LIMIT_BYTES - ENVELOPE_BYTES) return undefined;
  const size = await compressedSize({ metadata: {}, data: bytes });
  if (size <= TEMPORAL_PAYLOAD_LIMIT_BYTES) return undefined;
  // As JSON they take more: halve the share that fits, so the files it suggests do fit.
  const perRun = roughly((rows * TEMPORAL_PAYLOAD_LIMIT_BYTES) / size / 2);
  return (
    `its ${rows.toLocaleString('en-US')} rows are ${mib(size)} even compressed, more than ${LIMIT_TEXT}; ` +
    `split them over several files of at most about ${perRun} rows and start a run for each`
  );
}

/** A run's input over the limit: the message saying so, naming its longest list input and how to split it, or undefined. */
export async function inputSizeProblem(plan: Plan, inputs: JsonObject): Promise<string | undefined> {
  const payload = defaultPayloadConverter.toPayload({ plan: planForRun(plan), inputs });
  if ((payload.data?.byteLength ?? 0) <= TEMPORAL_PAYLOAD_LIMIT_BYTES - ENVELOPE_BYTES) return undefined;
  const size = await compressedSize(payload);
  if (size <= TEMPORAL_PAYLOAD_LIMIT_BYTES) return undefined;
  const lists = Object.entries(inputs).filter((entry): entry is [string, JsonObject[]] => Array.isArray(entry[1]));
  const [name, longest] = lists.sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  const split = name
    ? `split "${name}" (${longest!.length.toLocaleString('en-US')} entries) over several runs of at most about ${roughly((longest!.length * TEMPORAL_PAYLOAD_LIMIT_BYTES * 0.9) / size)} entries each`
    : 'make the playbook and its inputs smaller';
  return `the run's input (its plan and inputs) is ${mib(size)} compressed, more than ${LIMIT_TEXT}; ${split}`;
}
