/**
 * The Temporal Web UI of the test run's dev server, driven by a real headless Chromium: a
 * finished tour-setup run is found by its `PlaybookName` search attribute, and its timeline and
 * that of the child run creating the tour show the step summaries ("<step>: <what>"), and the
 * run's input, stored compressed and encrypted, shows as JSON (a guest's name included) through
 * the codec server that holds the key. A whole-page screenshot is kept in test-artifacts/ for
 * people to look at.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ChromiumMissing, ensureChromium, type ChromiumLookup } from '../../scripts/ensure-chromium.ts';
import { screenshotWhole, withPage } from '../support/browser.ts';
import { pollUntil } from '../support/poll.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { ENCRYPTED_ENCODING } from '../../worker/encryption-codec.ts';
import { missingTexts, openRunFromList, runPageUrl, runSteps, codeBlocksShow, type RunSteps } from './web-ui-pages.ts';

const PLAYBOOK = 'tour-setup';
const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts');
const SCREENSHOT = path.join(ARTIFACTS, `web-ui-${PLAYBOOK}.png`);
const FAILURE_SCREENSHOT = path.join(ARTIFACTS, `web-ui-${PLAYBOOK}-failure.png`);
/** "<step>: <what>", or the saga's "undo <step>: …" and "prepare undo of <step>: …". */
const STEP_SUMMARY = /^(?:undo |prepare undo of )?[A-Za-z][\w-]*: \S/;

/** The stored encoding of a run's input, as the server holds it. */
async function inputEncoding(client: TestStack['client'], workflowId: string): Promise<string> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const payload = history.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0];
  return Buffer.from(payload?.metadata?.encoding ?? new Uint8Array()).toString();
}

describe('Temporal Web UI', () => {
  let chromium: ChromiumLookup;
  let stack: TestStack | undefined;

  // Installing Debian's chromium on a fresh machine takes a minute or two; only this file pays.
  beforeAll(async () => {
    chromium = await ensureChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  }, 900_000);

  afterAll(async () => {
    await stack?.close();
  });

  it(`finds a finished ${PLAYBOOK} run by PlaybookName and shows its step summaries`, async (ctx) => {
    if (chromium.path === undefined) {
      // A developer without root cannot install the browser: say why instead of failing.
      if (chromium.missing === ChromiumMissing.notRoot) ctx.skip(chromium.reason);
      throw new Error(chromium.reason);
    }
    const uiUrl = inject('temporalUiUrl');
    const namespace = inject('temporalNamespace');
    expect(uiUrl, 'the dev server of the test run serves the Web UI').toMatch(/^http/);

    stack = await startTestStack();
    const { client } = stack;
    // A guest whose name is nowhere else: the page can only show it by decrypting the input.
    const lastName = `Uivisible${randomUUID().slice(0, 8)}`;
    const guests = [{ date: '2027-03-26', firstName: 'Wilhelmina', lastName, guests: 2, pickup: 'Will Call' }];
    const outcome = await stack.run(`${PLAYBOOK}.yaml`, { guests }, `web-ui-${randomUUID().slice(0, 8)}`);
    expect(outcome.result?.status, outcome.message).toBe('completed');
    const parent = await runSteps(client, outcome.workflowId);
    const children = await Promise.all(
      parent.children.map(async (run) => ({ run, steps: await runSteps(client, run.workflowId) })),
    );
    const activities = [parent, ...children.map((child) => child.steps)].flatMap((steps: RunSteps) => steps.activities);
    expect(activities.length).toBeGreaterThan(0);
    for (const summary of activities) expect(summary).toMatch(STEP_SUMMARY);
    // One child is opened in the browser: the one that creates the tour (each page load costs seconds).
    const tourChild = children.find((child) => child.steps.activities.some((summary) => summary.startsWith('tour: ')));
    expect(tourChild, 'a child run summarises its tour step').toBeDefined();

    // Visibility is eventually consistent: the run is first found through the API, so a slow
    // list page under load is told apart from a run the server never indexed.
    const query = `PlaybookName = "${PLAYBOOK}"`;
    await pollUntil(async () => {
      for await (const run of client.workflow.list({ query })) if (run.workflowId === outcome.workflowId) return true;
      return false;
    }, `${outcome.workflowId} listed for ${query} by the server`);

    await withPage({ executablePath: chromium.path }, async (page) => {
      try {
        await openRunFromList(page, { uiUrl, namespace, query, workflowId: outcome.workflowId, timeoutMs: 60_000 });
        const onParent = [outcome.workflowId, ...parent.activities, ...parent.childSummaries];
        expect(await missingTexts(page, onParent), 'missing from the run page').toEqual([]);
        // The run's input (its plan and guests) is stored encrypted; the UI shows it as JSON
        // through the codec server the dev server started beside it, with the test run's key.
        expect(await inputEncoding(client, outcome.workflowId)).toBe(ENCRYPTED_ENCODING);
        expect(
          await missingTexts(page, ['Set up a whole tour in one run by chaining']),
          'the decoded input (the plan) on the run page',
        ).toEqual([]);
        expect(await codeBlocksShow(page, lastName), "the guest's name in the decoded input").toBe(true);
        await page.getByText(lastName).first().scrollIntoViewIfNeeded();
        expect(await missingTexts(page, [lastName]), "the guest's name on screen").toEqual([]);
        await screenshotWhole(page, SCREENSHOT);
        if (tourChild) {
          const { run, steps } = tourChild;
          await page.goto(runPageUrl(uiUrl, namespace, run));
          expect(
            await missingTexts(page, [run.workflowId, ...steps.activities]),
            `missing from ${run.workflowId}`,
          ).toEqual([]);
        }
      } catch (error) {
        // The page as it was when the check failed says at once what it showed instead.
        await screenshotWhole(page, FAILURE_SCREENSHOT);
        throw error;
      }
    });
  }, 240_000);
});
