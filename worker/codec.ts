/**
 * Compression of large payloads on their way to and from Temporal. The server refuses any
 * payload over 2 MiB, and a big tour's workflow input (its plan and inputs: hundreds of days,
 * tens of thousands of guest entries) is larger than that as JSON; and a run's history holds
 * every batch's calls and outcomes, so uncompressed batches would make the server suggest a
 * new run (continue-as-new) every few thousand calls. Payloads over a threshold travel
 * gzip-compressed; smaller ones stay as they are. The Web UI and `temporal workflow show`
 * read compressed ones through `tourflow codec-server` (worker/codec-server.ts).
 *
 * Temporal Server <--> EncryptionCodec <--> CompressionCodec <--> payload converter <--> tourflow
 */
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { constants, gunzip, gunzipSync, gzip, gzipSync, type ZlibOptions } from 'node:zlib';
import proto from '@temporalio/proto';
import {
  METADATA_ENCODING_KEY,
  ValueError,
  str,
  u8,
  type DataConverter,
  type Payload,
  type PayloadCodec,
} from '@temporalio/common';
import { EncryptionCodec } from './encryption-codec.ts';
import { noKeys, type KeyProvider } from './key-provider.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

// A CommonJS module: its namespaces come from the default export.
const ProtoPayload = proto.temporal.api.common.v1.Payload;

/**
 * Payloads larger than this (protobuf-encoded, metadata included) are compressed: a batch of
 * 100 guest calls (about 45 KiB of JSON) is, a single call's arguments or outcome are not.
 */
export const COMPRESSION_THRESHOLD_BYTES = 16 * 1024;

/**
 * Payloads up to this size are compressed at once on the calling thread: a 19 KiB batch takes
 * a tenth of a millisecond, less than handing it to libuv's thread pool and back costs the
 * worker's busiest thread. Larger ones (a big tour's workflow input, MiBs) go to the pool, so
 * the thread is never held for long.
 */
const SYNC_LIMIT_BYTES = 1024 * 1024;

/** The same limit for decompression, on the compressed size: these payloads shrink 10 to 20 times. */
const SYNC_LIMIT_COMPRESSED_BYTES = SYNC_LIMIT_BYTES / 16;

/**
 * The fastest gzip level: on these JSON payloads it compresses within a few percent of the
 * default level (a 19 KiB batch to 1.1 KiB against 1.0 KiB) in a quarter of the time.
 */
const GZIP_OPTIONS: ZlibOptions = { level: constants.Z_BEST_SPEED };

export interface CompressionCodecOptions {
  /**
   * Most bytes one `decode` call may inflate its payloads to, all together; beyond it the call
   * fails with {@link PayloadTooLargeError} after inflating no more than that. For payloads
   * from outside (the codec server's callers); tourflow's own client and worker set none.
   * @default no bound
   */
  maxDecodedBytes?: number;
}

/** A compressed payload that decodes to more than the codec's `maxDecodedBytes`. */
export class PayloadTooLargeError extends Error {
  constructor(readonly maxDecodedBytes: number) {
    super(`the payloads decompress to more than ${formatBytes(maxDecodedBytes)}, the most one request may decode`);
    this.name = 'PayloadTooLargeError';
  }
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** The `encoding` metadata of a compressed payload. */
export const GZIP_ENCODING = 'binary/gzip';

/**
 * Gzip-compresses every payload larger than {@link COMPRESSION_THRESHOLD_BYTES}. The
 * compressed payload's data is the whole original payload, protobuf-encoded, so its own
 * metadata (`encoding: json/plain` and the rest) comes back exactly on decode. Decode passes
 * every payload of another encoding through unchanged, so histories written before
 * compression existed still read (and replay) as they did.
 */
export class CompressionCodec implements PayloadCodec {
  /** @param thresholdBytes payloads up to this size pass through. @default COMPRESSION_THRESHOLD_BYTES */
  constructor(
    private readonly thresholdBytes: number = COMPRESSION_THRESHOLD_BYTES,
    private readonly options: CompressionCodecOptions = {},
  ) {}

  /** This codec with `maxDecodedBytes` as its decode bound: the codec server's, for payloads from outside. */
  bounded(maxDecodedBytes: number): CompressionCodec {
    return new CompressionCodec(this.thresholdBytes, { ...this.options, maxDecodedBytes });
  }

  async encode(payloads: Payload[]): Promise<Payload[]> {
    return Promise.all(payloads.map((payload) => this.encodeOne(payload)));
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    const limit = this.options.maxDecodedBytes;
    if (limit === undefined)
      return Promise.all(payloads.map(async (payload) => decodedOf(payload, await inflate(payload))));
    // One at a time, each inflated to no more than what is left of the bound.
    const decoded: Payload[] = [];
    let left = limit;
    for (const payload of payloads) {
      const data = await inflate(payload, left, limit);
      if (data) left -= data.byteLength;
      decoded.push(decodedOf(payload, data));
    }
    return decoded;
  }

  private async encodeOne(payload: Payload): Promise<Payload> {
    const encoded = ProtoPayload.encode(payload).finish();
    if (encoded.byteLength <= this.thresholdBytes) return payload;
    const data =
      encoded.byteLength <= SYNC_LIMIT_BYTES ? gzipSync(encoded, GZIP_OPTIONS) : await gzipAsync(encoded, GZIP_OPTIONS);
    // Data that does not shrink (already compressed, random) is left as it was.
    if (data.byteLength >= encoded.byteLength) return payload;
    return { metadata: { [METADATA_ENCODING_KEY]: u8(GZIP_ENCODING) }, data };
  }
}

/** True when the payload was compressed by {@link CompressionCodec}. */
export function isCompressed(payload: Payload): boolean {
  const encoding = payload.metadata?.[METADATA_ENCODING_KEY];
  return encoding !== undefined && encoding !== null && str(encoding) === GZIP_ENCODING;
}

/** The original payload inside inflated data, or the payload itself when it was not compressed. */
function decodedOf(payload: Payload, inflated: Buffer | undefined): Payload {
  return inflated ? ProtoPayload.decode(inflated) : payload;
}

/**
 * The inflated data of a compressed payload (undefined for any other), at most `maxBytes` of
 * it: more fails with {@link PayloadTooLargeError} naming `bound`.
 */
async function inflate(payload: Payload, maxBytes?: number, bound = maxBytes): Promise<Buffer | undefined> {
  if (!isCompressed(payload)) return undefined;
  if (!payload.data) throw new ValueError(`a payload with encoding ${GZIP_ENCODING} has no data`);
  if (maxBytes !== undefined && maxBytes < 1) throw new PayloadTooLargeError(bound ?? 0);
  const options = maxBytes === undefined ? {} : { maxOutputLength: maxBytes };
  try {
    return payload.data.byteLength <= SYNC_LIMIT_COMPRESSED_BYTES
      ? gunzipSync(payload.data, options)
      : await gunzipAsync(payload.data, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new PayloadTooLargeError(bound ?? 0);
    throw error;
  }
}

/** The payload converter module (worker/payload-converter.cjs, copied to the build as it is). */
export const payloadConverterPath = fileURLToPath(new URL('./payload-converter.cjs', import.meta.url));

/** The failure converter module (worker/failure-converter.cjs): failure messages travel as payloads. */
export const failureConverterPath = fileURLToPath(new URL('./failure-converter.cjs', import.meta.url));

/**
 * The codecs of tourflow's payloads, in encoding order: compression, then encryption with
 * `keys` (worker/encryption-codec.ts); without keys nothing is encrypted, and an encrypted
 * payload fails to decode saying which key it needs. Decoding runs them in reverse, and each
 * passes through what it did not encode, so unencrypted or uncompressed histories still read.
 */
export function payloadCodecs(keys?: KeyProvider): PayloadCodec[] {
  return [new CompressionCodec(), keys ? new EncryptionCodec(keys) : new EncryptionCodec(noKeys, { encrypt: false })];
}

/** The data converter of tourflow's Temporal clients and workers; payloads are encrypted when `keys` are given. */
export function createDataConverter(keys?: KeyProvider): DataConverter {
  return { payloadConverterPath, failureConverterPath, payloadCodecs: payloadCodecs(keys) };
}

/** The data converter without encryption. */
export const dataConverter: DataConverter = createDataConverter();
