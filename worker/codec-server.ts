/**
 * A codec server (Temporal's remote codec protocol) so the Temporal Web UI shows compressed
 * payloads as the JSON they are: the UI posts a run's payloads to `/decode` and shows what comes
 * back. `POST …/decode` and `POST …/encode` take and return `{ payloads: [{ metadata, data }] }`
 * in protobuf JSON (bytes as base64); only the last part of the path counts.
 *
 * Decoded payloads carry tour data and guest names, so the server listens on loopback unless
 * told otherwise and answers cross-origin requests only from the Web UI origins it is given.
 */
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { Payload, PayloadCodec } from '@temporalio/common';
import { COMPRESSION_THRESHOLD_BYTES, CompressionCodec, PayloadTooLargeError } from './codec.ts';

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
  /** @default tourflow's compression codec, bounded by `maxDecodedBytes` */
  codecs?: readonly PayloadCodec[];
}

/** Default of {@link CodecServerOptions.maxDecodedBytes}: far above any payload Temporal accepts (2 MiB, compressed). */
export const CODEC_SERVER_MAX_DECODED_BYTES = 64 * 1024 * 1024;

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
    metadata: Object.fromEntries(Object.entries(metadata ?? {}).map(([key, value]) => [key, Buffer.from(value, 'base64')])),
    data: data ? Buffer.from(data, 'base64') : undefined,
  };
}

function toJson({ metadata, data }: Payload): JsonPayload {
  return {
    metadata: Object.fromEntries(Object.entries(metadata ?? {}).map(([key, value]) => [key, Buffer.from(value ?? new Uint8Array()).toString('base64')])),
    data: data ? Buffer.from(data).toString('base64') : undefined,
  };
}

function payloadsOf(body: unknown): JsonPayload[] | undefined {
  const payloads = (body as { payloads?: unknown } | null)?.payloads;
  return Array.isArray(payloads) ? (payloads as JsonPayload[]) : undefined;
}

/** Runs the payloads through the codecs: in order to encode, in reverse order to decode. */
async function transform(codecs: readonly PayloadCodec[], direction: 'encode' | 'decode', payloads: Payload[]): Promise<Payload[]> {
  let out = payloads;
  const chain = direction === 'encode' ? codecs : [...codecs].reverse();
  for (const codec of chain) out = await codec[direction](out);
  return out;
}

/** Starts the codec server. */
export async function startCodecServer(options: CodecServerOptions): Promise<CodecServer> {
  const codecs = options.codecs ?? [new CompressionCodec(COMPRESSION_THRESHOLD_BYTES, { maxDecodedBytes: options.maxDecodedBytes ?? CODEC_SERVER_MAX_DECODED_BYTES })];
  const allowed = new Set(options.uiOrigins);
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
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
    if (direction !== 'encode' && direction !== 'decode') return reply.code(404).send({ message: 'POST …/encode or …/decode' });
    const payloads = payloadsOf(request.body);
    if (!payloads) return reply.code(400).send({ message: 'the body must be { "payloads": [...] }' });
    try {
      const out = await transform(codecs, direction, payloads.map(fromJson));
      return await reply.send({ payloads: out.map(toJson) });
    } catch (error) {
      return reply.code(error instanceof PayloadTooLargeError ? 413 : 400).send({ message: `could not ${direction}: ${(error as Error).message}` });
    }
  });
  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  return { url: `http://${host}:${port}`, close: () => app.close() };
}
