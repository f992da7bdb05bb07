/** How custom fields and attachments appear inside record reads. */
import type { AttachmentRecord, CustomFieldRecord } from '../store/records.ts';

/** A custom field as read; `template_key` is absent on schedule items. */
export function customFieldView(field: CustomFieldRecord, withTemplateKey: boolean): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: field.id,
    title: field.title,
    description: field.description,
    sort_order: field.sortOrder,
  };
  if (withTemplateKey) view.template_key = field.templateKey;
  return view;
}

/** Fields in display order. */
export function sortedFields(list: CustomFieldRecord[]): CustomFieldRecord[] {
  return [...list].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}

/** `{ id, name, link, file_name, fileSize, description }` of an attachment (record reads). */
export function attachmentView(row: AttachmentRecord): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    link: row.key,
    fileName: row.fileName,
    file_name: row.fileName,
    fileSize: row.fileSize,
    description: row.description,
  };
}
