/**
 * The worker's handler of `lookup` (catalogue in `catalogue.ts`): read one of the API's reference
 * tables, or resolve one name in it to its ID.
 */
import { lookupArgs } from './catalogue.ts';
import type { ActionContext, ActionModule } from '../../activities/action.ts';
import type { StepCall, StepOutcome } from '../../activities/types.ts';
import { parseArgs } from '../../activities/actions/common.ts';

async function lookup(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, lookupArgs, call.args);
  const entries = await ctx.client.lookups.entries(args.group);
  // The lookup cache keeps an entry's description as its first alias.
  const list = entries.map((entry) => ({ id: entry.id, name: entry.name, description: entry.aliases[0] ?? null }));
  if (args.name === undefined) {
    return { output: { entries: list, id: null }, undo: [], describe: `read ${list.length} ${args.group}` };
  }
  const id = await ctx.client.lookups.resolve(args.group, args.name);
  return { output: { entries: list, id }, undo: [], describe: `${args.group} "${args.name}" is ${id}` };
}

export const lookupActions = { actions: { lookup: { run: lookup } }, undo: {} } satisfies ActionModule;
