/** The bench's CPU profile breakdown: each sample goes to the nearest part of the code above it. */
import { describe, expect, it } from 'vitest';
import { breakdownOf, type CpuProfile } from '../../bench/profile.ts';

const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
  id,
  callFrame: { functionName, url },
  children,
});

/** root > exchange (API client) > info (logger) > Socket._writeGeneric (node:net) > writeUtf8String, and root > stringify under the payload converter. */
const profile: CpuProfile = {
  nodes: [
    frame(1, '(root)', '', [2, 6, 8, 9]),
    frame(2, 'exchange', 'file:///app/dist/api/client/client.js', [3, 10]),
    frame(3, 'info', 'file:///app/node_modules/@temporalio/common/lib/logger.js', [4]),
    frame(4, 'Socket._writeGeneric', 'node:net', [5]),
    frame(5, 'writeUtf8String', ''),
    frame(6, 'toPayload', 'file:///app/dist/worker/payload-converter.cjs', [7]),
    frame(7, 'stringify', ''),
    frame(8, '(garbage collector)', ''),
    frame(9, '(idle)', ''),
    frame(10, 'request', 'file:///app/node_modules/undici/lib/api/api-request.js'),
  ],
  samples: [5, 5, 7, 8, 9, 10],
  timeDeltas: [1000, 1000, 3000, 4000, 5000, 6000],
};

describe('CPU profile breakdown', () => {
  it('puts a socket write under the logger in logging, JSON under the payload converter in payload conversion, undici in the client', () => {
    const b = breakdownOf(profile);
    expect(b).toMatchObject({
      logging: 2,
      'payload conversion': 3,
      'garbage collection': 4,
      idle: 5,
      client: 6,
      other: 0,
    });
  });

  it('counts a workflow thread’s busy time as workflow tasks', () => {
    const b = breakdownOf(profile, true);
    expect(b).toMatchObject({ 'workflow tasks': 11, 'garbage collection': 4, idle: 5, logging: 0 });
  });
});
