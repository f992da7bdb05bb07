/**
 * A real HTTP server standing in for a Slack or Teams incoming webhook: it records every POST
 * (path, headers, JSON body) and answers each by the next planned answer, else 200 "ok". A
 * planned `dropAfterCommit` records the message and closes the connection without answering:
 * the message was posted, its answer lost.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** An answer to plan: a status (with a `Retry-After` for a 429), or a lost answer. */
export type PlannedAnswer = { status: number; body?: string; retryAfter?: string } | 'dropAfterCommit';

export interface WebhookServer {
  /** A URL of this server with a secret-looking path, as Slack gives one. */
  url(name: string): string;
  requests: WebhookRequest[];
  /** Answers the next requests by these, in order. */
  plan(...answers: PlannedAnswer[]): void;
  close(): Promise<void>;
}

export async function startWebhookServer(): Promise<WebhookServer> {
  const requests: WebhookRequest[] = [];
  const planned: PlannedAnswer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: the test says what it expected
      }
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      const answer = planned.shift() ?? { status: 200, body: 'ok' };
      if (answer === 'dropAfterCommit') {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, {
        'content-type': 'text/plain',
        ...(answer.retryAfter ? { 'retry-after': answer.retryAfter } : {}),
      });
      res.end(answer.body ?? (answer.status < 300 ? 'ok' : 'server_error'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/services/T0TOURFLOW/B0${name.toUpperCase()}/s3cretWebhookToken${name}`,
    requests,
    plan: (...answers) => planned.push(...answers),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
