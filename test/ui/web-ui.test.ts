/**
 * The Temporal Web UI of the test run's dev server, driven by a real headless Chromium: a
 * finished tour-setup run is found by its `PlaybookName` search attribute, and its timeline
 * shows the activity summaries ("<step>: <what>"). A full-page screenshot is kept in
 * test-artifacts/ for people to look at.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ChromiumMissing, ensureChromium, type ChromiumLookup } from '../../scripts/ensure-chromium.ts';
import { screenshotWhole, withPage } from '../support/browser.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { activitySummaries, missingTexts, openRunFromList } from './web-ui-pages.ts';

const PLAYBOOK = 'tour-setup';
const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts');
const SCREENSHOT = path.join(ARTIFACTS, `web-ui-${PLAYBOOK}.png`);

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
    expect(uiUrl, 'the dev server of the test run serves the Web UI').toMatch(/^http/);

    stack = await startTestStack();
    const outcome = await stack.run(`${PLAYBOOK}.yaml`, {}, `web-ui-${randomUUID().slice(0, 8)}`);
    expect(outcome.result?.status, outcome.message).toBe('completed');
    const summaries = await activitySummaries(stack.client, outcome.workflowId);
    expect(summaries.length).toBeGreaterThan(0);

    await withPage({ executablePath: chromium.path }, async (page) => {
      try {
        await openRunFromList(page, {
          uiUrl,
          namespace: inject('temporalNamespace'),
          query: `PlaybookName = "${PLAYBOOK}"`,
          workflowId: outcome.workflowId,
        });
        // The run's own page: its ID in the header, one summary per activity on the timeline.
        expect(await missingTexts(page, [outcome.workflowId, ...summaries]), 'missing from the run page').toEqual([]);
      } finally {
        // Kept on failure too: the picture says at once what the page showed instead.
        await screenshotWhole(page, SCREENSHOT);
      }
    });
  }, 120_000);
});
