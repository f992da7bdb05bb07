/**
 * Writes `docs/api-coverage.md` from the endpoint table and the action catalogue:
 * `node --import tsx scripts/api-coverage.ts`. A test compares the committed file.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { coverageMarkdown } from '../activities/api/coverage.ts';

await writeFile(path.resolve(import.meta.dirname, '../docs/api-coverage.md'), coverageMarkdown());
