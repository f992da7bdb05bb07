import { defineConfig } from 'vitest/config';

/**
 * `npm run test:stack`: the production stack of docker-compose.yml, run for real without Docker
 * (test/stack/). Not part of `npm test`: a cold machine builds the Temporal server first.
 */
export default defineConfig({
  test: {
    include: ['test/stack/**/*.stack.ts'],
    testTimeout: 600_000,
    hookTimeout: 45 * 60_000,
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
  },
});
