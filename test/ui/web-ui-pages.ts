/**
 * What a user does in the Temporal Web UI (2.x) to inspect a run: search the workflow list with
 * a visibility query, open the run, read the step summaries on its timeline, open its child runs.
 */
import type { Client } from '@temporalio/client';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import type { Page } from 'playwright-core';

/** `/namespaces/<ns>/workflows?query=<visibility query>`: the list page filtered as by the search box. */
export function workflowListUrl(uiUrl: string, namespace: string, query: string): string {
  const url = new URL(`/namespaces/${encodeURIComponent(namespace)}/workflows`, uiUrl);
  url.searchParams.set('query', query);
  return url.toString();
}

export interface RunRef {
  workflowId: string;
  runId: string;
}

/** `/namespaces/<ns>/workflows/<id>/<run>/timeline`: a run's own page, on its timeline. */
export function runPageUrl(uiUrl: string, namespace: string, run: RunRef): string {
  const segments = ['namespaces', namespace, 'workflows', run.workflowId, run.runId, 'timeline'];
  return new URL(`/${segments.map(encodeURIComponent).join('/')}`, uiUrl).toString();
}

export interface RunSteps {
  /** Activity summaries ("<step>: <what>"), in history order. */
  activities: string[];
  /** Summaries of child runs (composite steps that run another playbook). */
  childSummaries: string[];
  children: RunRef[];
}

/** A payload of the history as the client's codecs (decryption, decompression) give it back, as text. */
async function text(client: Client, payload: unknown): Promise<string> {
  let payloads = [payload as Payload];
  for (const codec of [...client.options.loadedDataConverter.payloadCodecs].reverse())
    payloads = await codec.decode(payloads);
  return String(defaultPayloadConverter.fromPayload(payloads[0]!));
}

/** What a run's own history says about its steps, which is what the UI shows on its page. */
export async function runSteps(client: Client, workflowId: string): Promise<RunSteps> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const steps: RunSteps = { activities: [], childSummaries: [], children: [] };
  for (const event of history.events ?? []) {
    const summary = event.userMetadata?.summary;
    if (summary && event.activityTaskScheduledEventAttributes) steps.activities.push(await text(client, summary));
    if (summary && event.startChildWorkflowExecutionInitiatedEventAttributes)
      steps.childSummaries.push(await text(client, summary));
    const child = event.childWorkflowExecutionStartedEventAttributes?.workflowExecution;
    if (child?.workflowId && child.runId) steps.children.push({ workflowId: child.workflowId, runId: child.runId });
  }
  return steps;
}

export interface OpenRunOptions {
  uiUrl: string;
  namespace: string;
  /** Visibility query typed into the search box, e.g. `PlaybookName = "tour-setup"`. */
  query: string;
  workflowId: string;
  /** @default 30_000 */
  timeoutMs?: number;
}

/**
 * Opens the filtered workflow list and clicks the run's row. Visibility is eventually
 * consistent, so the list is reloaded until the row shows up or the deadline passes.
 */
export async function openRunFromList(page: Page, options: OpenRunOptions): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const rowLink = page.locator(`a[href*="/workflows/${encodeURIComponent(options.workflowId)}/"]`).first();
  await page.goto(workflowListUrl(options.uiUrl, options.namespace, options.query));
  for (;;) {
    try {
      await rowLink.waitFor({ state: 'visible', timeout: Math.min(10_000, Math.max(deadline - Date.now(), 1)) });
      break;
    } catch (error) {
      if (Date.now() >= deadline) {
        // What the list showed instead says whether the page was empty, still loading, or other runs.
        const rows = await page.locator('a[href*="/workflows/"]').count();
        throw new Error(
          `run ${options.workflowId} never appeared in the list for ${options.query} (the page showed ${rows} run links at ${page.url()})`,
          {
            cause: error,
          },
        );
      }
      await page.reload();
    }
  }
  await rowLink.click();
  await page.waitForURL((url) => url.pathname.includes(`/workflows/${encodeURIComponent(options.workflowId)}/`), {
    timeout: Math.max(deadline - Date.now(), 5_000),
  });
}

/** The texts among `wanted` that the page does not show before the deadline. */
export async function missingTexts(page: Page, wanted: readonly string[], timeoutMs = 20_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  const missing: string[] = [];
  for (const text of wanted) {
    try {
      await page
        .getByText(text, { exact: false })
        .first()
        .waitFor({ state: 'visible', timeout: Math.max(deadline - Date.now(), 1) });
    } catch {
      missing.push(text);
    }
  }
  return missing;
}

/**
 * Whether a code block of the page (the Input and Result panels: CodeMirror editors that draw
 * only the lines in view) shows `text` somewhere: each block is scrolled through, half a view
 * at a time, from its end up. Evaluated from a string: the project compiles without DOM types.
 */
export async function codeBlocksShow(page: Page, text: string): Promise<boolean> {
  return page.evaluate<boolean>(`(async () => {
    const wanted = ${JSON.stringify(text)};
    for (const block of Array.from(document.querySelectorAll('.cm-scroller'))) {
      for (let top = block.scrollHeight; top >= 0; top -= Math.max(block.clientHeight / 2, 20)) {
        block.scrollTop = top;
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
        if (block.textContent.includes(wanted)) return true;
      }
    }
    return false;
  })()`);
}
