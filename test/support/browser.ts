/**
 * A headless Chromium for browser tests, driven by playwright-core. Each launch gets a fresh
 * profile in a temporary folder, so no state leaks between tests or runs.
 */
import { chromium, type Browser, type Page } from 'playwright-core';

/** Tallest picture `screenshotWhole` takes; a runaway page must not make a huge file. */
const MAX_SCREENSHOT_HEIGHT = 8_000;

/**
 * Flags for a quiet, reproducible headless run inside a container: no sandbox (we may be
 * root), no GPU, and none of the background traffic a new profile starts (sync, updates,
 * QUIC probes) so the only requests are the test's own.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

export interface BrowserOptions {
  /** The Chromium binary (from `ensureChromium`). */
  executablePath: string;
  /** @default { width: 1440, height: 900 } */
  viewport?: { width: number; height: number };
}

/**
 * Launches Chromium, hands a fresh page to `use`, and closes the browser in every case.
 * `chromium.launch` makes (and removes) a temporary user-data-dir of its own.
 */
export async function withPage<T>(
  options: BrowserOptions,
  use: (page: Page, browser: Browser) => Promise<T>,
): Promise<T> {
  const browser = await chromium.launch({
    executablePath: options.executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1440, height: 900 } });
    const page = await context.newPage();
    return await use(page, browser);
  } finally {
    await browser.close();
  }
}

/**
 * The window height at which the page's main scrolling panel (one at least half the window
 * tall) no longer scrolls. Evaluated from a string: the project compiles without DOM types.
 */
function pageHeight(page: Page): Promise<number> {
  return page.evaluate<number>(`(() => {
    const panels = Array.from(document.querySelectorAll('*')).filter((e) => {
      const overflow = getComputedStyle(e).overflowY;
      return (overflow === 'auto' || overflow === 'scroll') && e.clientHeight >= window.innerHeight / 2;
    });
    const hidden = panels.reduce((most, e) => Math.max(most, e.scrollHeight - e.clientHeight), 0);
    return Math.max(document.documentElement.scrollHeight, window.innerHeight + hidden);
  })()`);
}

/**
 * A screenshot of everything the page holds. Single-page apps scroll an inner panel rather
 * than the document, which `fullPage` alone would cut at the window's height; the window is
 * grown to the tallest scrolling content first.
 */
export async function screenshotWhole(page: Page, file: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  const height = Math.min(Math.max(await pageHeight(page), size.height), MAX_SCREENSHOT_HEIGHT);
  await page.setViewportSize({ width: size.width, height });
  await page.screenshot({ path: file, fullPage: true });
  await page.setViewportSize(size);
}
