/**
 * A codec server (Temporal's remote codec protocol) so the Temporal Web UI shows compressed
 * payloads as the JSON they are: the UI posts a run's payloads to `/decode` and shows what comes
 * back. `POST …/decode` and `POST …/encode` take and return `{ payloads: [{ metadata, data }] }`
 * in protobuf JSON (bytes as base64); only the last part of the path counts.
 *
 * Decoded payloads carry tour data and guest names, so the server listens on loopback unless
 * told otherwise, answers cross-origin requests only from the Web UI origins it is given, checks
 * who asks (worker/codec-access.ts: a bearer token, the namespace, a check of the caller's own),
 * bounds what it reads, and logs nothing: no request, no payload, no error text of a payload.
 */
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Payload, PayloadCodec } from '@temporalio/common';
import { CompressionCodec, dataConverter, PayloadTooLargeError } from './codec.ts';
import { accessCheck, type CodecAccess } from './codec-access.ts';
import { isLoopbackHost } from './key-config.ts';
import { MissingKeyError } from './key-provider.ts';

export interface CodecServerOptions {
  /** @default '127.0.0.1' */
  host?: string;
  /** @default a free port */
  port?: number;
  /** Origins of the Web UI allowed to call it from a browser, like `http://localhost:8080`. */
  uiOrigins: readonly string[];
  /**
   * Most bytes the payloads of one request may decompress to: a small gzip body can stand for
   * gigabytes. @default 64 MiB
   */
  maxDecodedBytes?: number;
  /** @default tourflow's codecs; a compression codec among them is bounded by `maxDecodedBytes` */
  codecs?: readonly PayloadCodec[];
  /** Who may call it. @default anyone who reaches it (from an allowed origin, in a browser) */
  access?: CodecAccess;
  /**
   * Listen beyond loopback with neither tokens nor an `authorize` check: for a server behind a
   * proxy that checks callers itself. Refused otherwise. @default false
   */
  allowUnauthenticated?: boolean;
  /** @default {@link CODEC_LIMITS} */
  limits?: Partial<CodecLimits>;
}

/** Default of {@link CodecServerOptions.maxDecodedBytes}: far above any payload Temporal accepts (2 MiB, compressed). */
export const CODEC_SERVER_MAX_DECODED_BYTES = 64 * 1024 * 1024;

/** What one request may hold. */
export interface CodecLimits {
  /** Bytes of the request body. */
  bodyBytes: number;
  /** Payloads in one request. */
  payloads: number;
  /** Bytes of one payload (data and metadata), as sent. */
  payloadBytes: number;
}

/**
 * Temporal stores no payload over 2 MiB; the Web UI and the CLI send a field's payloads at a
 * time. These leave room for that and refuse anything far beyond it.
 */
export const CODEC_LIMITS: CodecLimits = { bodyBytes: 8 * 1024 * 1024, payloads: 1_000, payloadBytes: 4 * 1024 * 1024 };

export interface CodecServer {
  /** The endpoint to give the Web UI (`--ui-codec-endpoint`, `TEMPORAL_CODEC_ENDPOINT`). */
  url: string;
  close(): Promise<void>;
}

/** A payload in protobuf JSON: metadata values and data in base64. */
interface JsonPayload {
  metadata?: Record<string, string> | null;
  data?: string | null;
}

function fromJson({ metadata, data }: JsonPayload): Payload {
  return {
    metadata: Object.fromEntries(
      Object.entries(metadata ?? {}).map(([key, value]) => [key, Buffer.from(value, 'base64')]),
    ),
    data: data ? Buffer.from(data, 'base64') : undefined,
  };
}

function toJson({ metadata, data }: Payload): JsonPayload {
  return {
    metadata: Object.fromEntries(
      Object.entries(metadata ?? {}).map(([key, value]) => [
        key,
        Buffer.from(value ?? new Uint8Array()).toString('base64'),
      ]),
    ),
    data: data ? Buffer.from(data).toString('base64') : undefined,
  };
}

function payloadsOf(body: unknown): JsonPayload[] | undefined {
  const payloads = (body as { payloads?: unknown } | null)?.payloads;
  return Array.isArray(payloads) ? (payloads as JsonPayload[]) : undefined;
}

/** Why these payloads are not served, or undefined: too many, too large, or not a payload. */
function oversize(payloads: JsonPayload[], limits: CodecLimits): string | undefined {
  if (payloads.length > limits.payloads)
    return `a request may hold ${limits.payloads} payloads, not ${payloads.length}`;
  for (const [index, payload] of payloads.entries()) {
    if (typeof payload !== 'object' || payload === null) return `payload ${index} is not an object`;
    const base64 = [payload.data ?? '', ...Object.values(payload.metadata ?? {})];
    if (base64.some((value) => typeof value !== 'string'))
      return `payload ${index} holds a value that is not base64 text`;
    const bytes = base64.reduce((sum, value) => sum + Math.floor((value.length * 3) / 4), 0);
    if (bytes > limits.payloadBytes) return `payload ${index} is over ${limits.payloadBytes} bytes`;
  }
  return undefined;
}

/** The message of a request that failed before it was read, naming nothing it held. */
function readError(error: FastifyError, limits: CodecLimits): { status: number; message: string } {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { status: 413, message: `the request is over ${limits.bodyBytes} bytes` };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return { status: 415, message: 'the body must be application/json' };
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  return { status, message: status === 500 ? 'the request could not be served' : 'the body is not valid JSON' };
}

/** Runs the payloads through the codecs: in order to encode, in reverse order to decode. */
async function transform(
  codecs: readonly PayloadCodec[],
  direction: 'encode' | 'decode',
  payloads: Payload[],
): Promise<Payload[]> {
  let out = payloads;
  const chain = direction === 'encode' ? codecs : [...codecs].reverse();
  for (const codec of chain) out = await codec[direction](out);
  return out;
}

/** A codec server that would be open to more than it should: says why. */
export class CodecServerConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CodecServerConfigError';
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Starts the codec server. */
export async function startCodecServer(options: CodecServerOptions): Promise<CodecServer> {
  // Payloads come from outside: whatever chain it is given, its decompression is bounded.
  const maxDecoded = options.maxDecodedBytes ?? CODEC_SERVER_MAX_DECODED_BYTES;
  const codecs = (options.codecs ?? dataConverter.payloadCodecs ?? []).map((codec) =>
    codec instanceof CompressionCodec ? codec.bounded(maxDecoded) : codec,
  );
  const allowed = new Set(options.uiOrigins);
  const host = options.host ?? '127.0.0.1';
  const limits = { ...CODEC_LIMITS, ...options.limits };
  const checks = Boolean(options.access?.tokens?.length || options.access?.authorize);
  if (!isLoopbackHost(host) && !checks && !options.allowUnauthenticated) {
    throw new CodecServerConfigError(`a codec server on ${host} would decode guest data for anyone who reaches it`);
  }
  const check = accessCheck(options.access);
  const app = Fastify({ logger: false, bodyLimit: limits.bodyBytes });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const { status, message } = readError(error, limits);
    return reply.code(status).send({ message });
  });
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!allowed.has(origin)) return reply.code(403).send({ message: `origin ${origin} is not allowed` });
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Vary', 'Origin');
  });
  app.options('/*', async (_request, reply) =>
    reply
      .header('Access-Control-Allow-Methods', 'POST, OPTIONS')
      .header('Access-Control-Allow-Headers', 'Content-Type, X-Namespace, Authorization')
      .code(204)
      .send(),
  );
  app.post('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const direction = request.url.split('?')[0]!.replace(/\/+$/, '').split('/').pop();
    if (direction !== 'encode' && direction !== 'decode')
      return reply.code(404).send({ message: 'POST …/encode or …/decode' });
    const refusal = await check({
      authorization: header(request, 'authorization'),
      namespace: header(request, 'x-namespace'),
    });
    if (refusal) return reply.code(refusal.status).send({ message: refusal.message });
    const payloads = payloadsOf(request.body);
    if (!payloads) return reply.code(400).send({ message: 'the body must be { "payloads": [...] }' });
    const tooLarge = oversize(payloads, limits);
    if (tooLarge) return reply.code(413).send({ message: tooLarge });
    try {
      const out = await transform(codecs, direction, payloads.map(fromJson));
      return await reply.send({ payloads: out.map(toJson) });
    } catch (error) {
      // A missing key is named by its ID alone: where this server keeps its keys is not the caller's business.
      const message =
        error instanceof MissingKeyError
          ? `payload encrypted with key "${error.keyId}", which this codec server does not hold`
          : (error as Error).message;
      return reply
        .code(error instanceof PayloadTooLargeError ? 413 : 400)
        .send({ message: `could not ${direction}: ${message}` });
    }
  });
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host;
  return { url: `http://${urlHost}:${port}`, close: () => app.close() };
}
