/** Request types several resources share, as the contract (`api/contract/`) parses them. */
import type { z } from 'zod';
import type { customFieldChange } from '../../../api/contract/custom-fields.ts';
import type { attachmentInput } from '../../../api/contract/shared.ts';

export type AttachmentInput = z.output<typeof attachmentInput>;
export type CustomFieldOp = z.output<typeof customFieldChange>;

/** The current time as ISO 8601. */
export const nowIso = (): string => new Date().toISOString();
