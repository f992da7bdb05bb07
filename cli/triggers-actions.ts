/** What `tourflow triggers` subcommands print. */
import type { CliContext } from './context.ts';
import type { TemporalFlags } from './options.ts';
import { explain, remove, setPaused, status, type ApplyOptions, type WatcherView } from './triggers.ts';
import { apply } from './triggers-apply.ts';
import { isSilent, list, type SilentWatcher } from './triggers-list.ts';

export const applyCommand = (ctx: CliContext, file: string, options: ApplyOptions) => apply(ctx, file, options);

function statusText(view: WatcherView): string {
  const { stats } = view;
  const lines = [
    `tour ${view.tourId}${view.paused ? ' (paused)' : ''}: polls every ${Math.round(view.pollMs / 1000)} s`,
    `  last poll: ${stats.lastPollAt ?? 'none yet'}${view.lagMs === null ? '' : `, lag ${Math.round(view.lagMs / 1000)} s`}, ${stats.callsLastPoll} API ${stats.callsLastPoll === 1 ? 'call' : 'calls'} per poll, ${stats.polls} polls`,
    `  runs started: ${stats.started}, skipped: ${stats.skipped}, debounces waiting: ${view.pending}${stats.lastError ? `\n  last read failed: ${stats.lastError}` : ''}`,
    ...view.triggers.map(
      (t) =>
        `  ${t.playbook}/${t.id}: ${t.on} - started ${t.started}, skipped ${t.skipped}${t.live ? '' : ' (not live yet)'}`,
    ),
  ];
  return lines.join('\n');
}

export async function statusCommand(
  ctx: CliContext,
  tourId: string,
  options: TemporalFlags & { json?: boolean },
): Promise<void> {
  const view = await status(ctx, tourId, options);
  ctx.out(options.json ? JSON.stringify(view, null, 2) : statusText(view));
}

/** A watcher that did not answer: its tour, the triggers its search attributes name, and why. */
function silentText(view: SilentWatcher): string {
  return [`tour ${view.tourId}: no answer: ${view.noAnswer}`, ...view.triggerIds.map((id) => `  ${id}`)].join('\n');
}

/** Every watcher, one that does not answer included; exit 0 when the list could be read. */
export async function listCommand(ctx: CliContext, options: TemporalFlags & { json?: boolean }): Promise<void> {
  const views = await list(ctx, options);
  const silent = views.filter(isSilent).length;
  if (options.json) ctx.out(JSON.stringify(views, null, 2));
  else
    ctx.out(
      views.length === 0
        ? 'no tour is watched'
        : views.map((view) => (isSilent(view) ? silentText(view) : statusText(view))).join('\n'),
    );
  if (silent > 0) ctx.err(`${silent} of ${views.length} ${views.length === 1 ? 'watcher' : 'watchers'} did not answer`);
}

export async function explainCommand(
  ctx: CliContext,
  tourId: string,
  options: TemporalFlags & { json?: boolean },
): Promise<void> {
  const decisions = await explain(ctx, tourId, options);
  if (options.json) {
    ctx.out(JSON.stringify(decisions, null, 2));
    return;
  }
  if (decisions.length === 0) ctx.out('no changes seen yet');
  for (const d of decisions) {
    const what = d.outcome === 'started' ? `started ${d.workflowId}` : `${d.outcome}: ${d.reason}`;
    const version = d.version ? ` (version ${d.version.slice(0, 8)})` : '';
    ctx.out(`${d.at}  ${d.trigger}${version}  ${d.kind} ${d.resource} ${d.recordId}  ${what}`);
  }
}

export async function pauseCommand(
  ctx: CliContext,
  tourId: string,
  paused: boolean,
  options: TemporalFlags,
): Promise<void> {
  const view = await setPaused(ctx, tourId, paused, options);
  ctx.out(`triggers on tour ${view.tourId} ${paused ? 'paused' : 'resumed'}`);
}

export async function deleteCommand(
  ctx: CliContext,
  tourId: string,
  playbook: string,
  options: TemporalFlags,
): Promise<void> {
  const view = await remove(ctx, tourId, playbook, options);
  const left = view.triggers.length;
  ctx.out(
    `removed ${playbook}'s triggers from tour ${tourId}; ${left === 0 ? 'nothing watches it any more' : `${left} left`}`,
  );
}
