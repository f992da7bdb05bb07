/** The throughput benchmark function runs end to end (the 2,000 rps bar is checked by `npm run bench`). */
import { describe, expect, it } from 'vitest';
import { benchSandboxThroughput } from '../../sandbox/bench.ts';

describe('benchSandboxThroughput', () => {
  it('measures authenticated reads against a sandbox in a worker thread', async () => {
    const result = await benchSandboxThroughput({
      seconds: 0.5,
      concurrency: 8,
      connections: 4,
      sandbox: { bcryptCost: 4 },
    });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.seconds).toBeGreaterThanOrEqual(0.5);
    expect(result.rps).toBeCloseTo(result.requests / result.seconds, 5);
  });
});
