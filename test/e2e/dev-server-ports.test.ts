/**
 * The Temporal dev server given a port that another program takes before the server listens on
 * it (a free port found a moment earlier, on a busy machine): on ports tourflow chose it starts
 * again on free ones; on a port the user asked for it fails, naming the port.
 */
import { Connection } from '@temporalio/client';
import { afterEach, describe, expect, it } from 'vitest';
import { startDevServer } from '../../worker/dev-server.ts';
import { silentServer, type SilentServer } from '../support/silent-server.ts';

const holders: SilentServer[] = [];

/** A port some other program listens on. */
async function takenPort(): Promise<number> {
  const holder = await silentServer();
  holders.push(holder);
  return holder.port;
}

describe('the Temporal dev server on a taken port', () => {
  afterEach(async () => {
    await Promise.all(holders.splice(0).map((holder) => holder.close()));
  });

  it('starts again on a free port when the taken one was chosen for it', async () => {
    const port = await takenPort();
    const lines: string[] = [];
    const server = await startDevServer({ port, ui: false, portsReplaceable: true, log: (line) => lines.push(line) });
    try {
      expect(server.address).not.toBe(`127.0.0.1:${port}`);
      expect(lines).toContain('temporal: a port was taken before the dev server listened on it; starting it on others');
      const connection = await Connection.connect({ address: server.address });
      try {
        await connection.workflowService.describeNamespace({ namespace: server.namespace });
      } finally {
        await connection.close();
      }
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('fails naming the port when the port was asked for', async () => {
    const port = await takenPort();
    await expect(startDevServer({ port, ui: false })).rejects.toThrow(
      `listen tcp 127.0.0.1:${port}: bind: address already in use`,
    );
  }, 120_000);
});
