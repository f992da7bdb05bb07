/**
 * Regenerates what is generated from the catalogue and the endpoint table: the action reference
 * in `docs/playbooks.md`, `docs/api-coverage.md` and the editor schema. Tests compare all three.
 * `node --import tsx scripts/generate-docs.ts`
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { coverageMarkdown } from '../api/contract/coverage.ts';
import { schemaText } from '../cli/commands/schema.ts';
import { withReference } from '../definitions/reference.ts';

const root = path.resolve(import.meta.dirname, '..');
const docs = path.join(root, 'docs/playbooks.md');
await writeFile(docs, withReference(await readFile(docs, 'utf8')));
await writeFile(path.join(root, 'docs/api-coverage.md'), coverageMarkdown());
await writeFile(path.join(root, 'definitions/schema/playbook.schema.json'), schemaText());
