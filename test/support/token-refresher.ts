/**
 * One process that needs a fresh access token from the shared token file, for the test of two
 * processes refreshing at once: it says `ready`, waits for `go` on stdin (so both start
 * together), asks the token source for a token and prints `{"token": ...}` or `{"error": ...}`.
 *
 * Argument: JSON `{ file, authUrl, lock }`, where `lock` holds the lock timings to use.
 */
import { createInterface } from 'node:readline';
import { filePersistence, RefreshingTokenSource } from '../../api/client/index.ts';
import { refreshTokens } from '../../api/client/oauth.ts';
import { redactPatterns } from '../../api/client/redact.ts';
import type { LockOptions } from '../../api/client/token-store.ts';

const { file, authUrl, lock } = JSON.parse(process.argv[2] ?? '{}') as {
  file: string;
  authUrl: string;
  lock: LockOptions;
};

const source = new RefreshingTokenSource({
  persistence: filePersistence(file, authUrl, lock),
  refreshGrant: (refreshToken) =>
    refreshTokens(
      { authUrl, apiKey: 'test-key', apiSecret: 'test-secret-value', redact: redactPatterns },
      refreshToken,
    ),
});

const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
for await (const line of lines) {
  if (line.trim() !== 'go') continue;
  try {
    process.stdout.write(`${JSON.stringify({ token: await source.getAccessToken() })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ error: (error as Error).message })}\n`);
    process.exitCode = 1;
  }
  break;
}
lines.close();
