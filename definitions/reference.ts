/**
 * The action reference of docs/playbooks.md, generated from the catalogue so that it cannot
 * drift from what the compiler accepts: arguments, outputs, API calls, undo, guard; and the
 * failure types a run may report, from their catalogue (`failure-types.ts`).
 */
import { stringify } from 'yaml';
import { z } from 'zod';
import { ACTION_EXAMPLES } from './actions/examples.ts';
import { actions, type ActionDefinition } from './actions/index.ts';
import { FAILURE_TYPES } from './failure-types.ts';

type Schema = { [key: string]: unknown };

const NAMED: Record<string, string> = {
  date: 'date',
  time: 'time (HH:mm)',
  day: 'day (date, ID or { date, name })',
  tourId: 'tour ID',
  identifier: 'name',
};

/** Markdown: one section per action. */
export function actionReference(): string {
  return actions.map(section).join('\n');
}

function section(action: ActionDefinition): string {
  const lines = [`### \`${action.name}\``, '', `${action.description} *(${action.kind})*`, ''];
  const schema = z.toJSONSchema(action.args, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Schema;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const properties = Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {});
  if (properties.length > 0) {
    lines.push('| argument | type | | |', '|---|---|---|---|');
    for (const [name, property] of properties) {
      const need = required.has(name)
        ? 'required'
        : property.default !== undefined
          ? `default \`${JSON.stringify(property.default)}\``
          : 'optional';
      lines.push(`| \`${name}\` | ${typeOf(property)} | ${need} | ${escape(String(property.description ?? ''))} |`);
    }
    lines.push('');
  }
  const outputs = Object.entries(action.outputs.shape);
  if (outputs.length > 0)
    lines.push(`Outputs: ${outputs.map(([name, field]) => `\`${name}\` (${describedAs(field)})`).join(', ')}.`, '');
  if (action.calls.length > 0) lines.push(`Calls: ${action.calls.map((call) => `\`${call}\``).join(', ')}.`, '');
  if (action.kind === 'read') {
    lines.push(
      action.plainActivity
        ? 'Runs as a plain activity (it takes long or saves files on the worker).'
        : 'Runs as a local activity.',
      '',
    );
  }
  lines.push(
    `Undo: ${action.compensation ? action.compensation.describe : action.destructive ? 'none; it cannot be undone' : 'nothing to undo'}.`,
    '',
  );
  if (action.destructive) lines.push('Guarded: needs `allowDestroy: true` when it destroys data (see Guards).', '');
  lines.push(...exampleLines(action));
  return lines.join('\n');
}

/** An output's description; a nullable output carries it on the type it makes nullable. */
function describedAs(field: z.ZodType): string {
  if (field.description !== undefined) return field.description;
  return field instanceof z.ZodNullable || field instanceof z.ZodOptional
    ? describedAs(field.unwrap() as z.ZodType)
    : '';
}

/** The action's example step (`actions/examples.ts`) as YAML. */
function exampleLines(action: ActionDefinition): string[] {
  const args = ACTION_EXAMPLES[action.name];
  if (!args) return [];
  const id = action.name.split('.').pop() ?? 'step';
  const step = { id, action: action.name, ...(action.destructive?.(args) ? { allowDestroy: true } : {}), with: args };
  // times quoted, as everywhere in the docs: YAML 1.1 tools read 13:00 as a number
  const yaml = stringify([step], { lineWidth: 0 })
    .trimEnd()
    .replace(/: (\d{2}:\d{2})$/gm, ': "$1"');
  return ['Example:', '', '```yaml', yaml, '```', ''];
}

function typeOf(schema: Schema): string {
  const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  if (ref) return NAMED[ref] ?? ref;
  const allOf = schema.allOf as Schema[] | undefined;
  if (allOf?.length === 1) return typeOf(allOf[0] as Schema);
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options) return options.map(typeOf).join(' or ');
  if (schema.enum) return (schema.enum as unknown[]).map((value) => `\`${String(value)}\``).join(', ');
  if (schema.const !== undefined) return `\`${String(schema.const)}\``;
  if (schema.type === 'array') return `list of ${typeOf((schema.items as Schema | undefined) ?? {})}`;
  if (schema.type === 'object') {
    // an optional field is marked `name?`, so that the table says which ones a map needs
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const keys = Object.keys((schema.properties as Schema | undefined) ?? {}).map((key) =>
      required.has(key) ? key : `${key}?`,
    );
    return keys.length > 0 ? `{ ${keys.join(', ')} }` : 'map';
  }
  if (schema.format === 'email') return 'e-mail';
  if (schema.type === 'integer') return 'whole number';
  return typeof schema.type === 'string' ? schema.type : 'any';
}

function escape(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** Markers around the generated part of docs/playbooks.md. */
export const REFERENCE_START = '<!-- action reference: generated by `definitions/reference.ts`, do not edit -->';
export const REFERENCE_END = '<!-- end of action reference -->';

/** Markers around the generated failure types of docs/playbooks.md. */
export const FAILURE_TYPES_START =
  '<!-- failure types: generated from `definitions/failure-types.ts` by `definitions/reference.ts`, do not edit -->';
export const FAILURE_TYPES_END = '<!-- end of failure types -->';

/** Markdown: the catalogue of failure types, one row each. */
export function failureTypeReference(): string {
  const rows = Object.entries(FAILURE_TYPES).map(
    ([type, { source, meaning }]) => `| \`${type}\` | ${source} | ${escape(meaning)} |`,
  );
  return ['| type | raised by | meaning |', '|---|---|---|', ...rows, ''].join('\n');
}

/** `docs` with the text between `start` and `end` replaced by `body`. */
function between(docs: string, start: string, end: string, body: string): string {
  const from = docs.indexOf(start);
  const to = docs.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/playbooks.md lacks the markers ${start} and ${end}`);
  return `${docs.slice(0, from + start.length)}\n\n${body}\n${docs.slice(to)}`;
}

/** The docs text with its generated parts (failure types, action reference) replaced by the current ones. */
export function withReference(docs: string): string {
  return between(
    between(docs, FAILURE_TYPES_START, FAILURE_TYPES_END, failureTypeReference()),
    REFERENCE_START,
    REFERENCE_END,
    actionReference(),
  );
}
