/** Which Chromium the browser tests get, and what they are told when there is none. */
import { describe, expect, it } from 'vitest';
import { ChromiumMissing, ensureChromium } from '../../scripts/ensure-chromium.ts';

// Any executable file stands in for a browser binary: only the lookup is under test.
const executable = process.execPath;
const nowhere = '/nonexistent/chromium';

describe('ensureChromium', () => {
  it.each([
    {
      name: 'CHROMIUM_PATH wins',
      env: { CHROMIUM_PATH: executable },
      debianPath: nowhere,
      path: executable,
      source: 'CHROMIUM_PATH',
    },
    {
      name: "Debian's package next",
      env: {},
      debianPath: executable,
      path: executable,
      source: "Debian's chromium package",
    },
  ])('$name', async ({ env, debianPath, path, source }) => {
    await expect(ensureChromium({ env, debianPath, canInstall: false })).resolves.toEqual({ path, source });
  });

  it('refuses a CHROMIUM_PATH that is not an executable, naming it', async () => {
    const found = await ensureChromium({ env: { CHROMIUM_PATH: nowhere }, debianPath: executable, canInstall: false });
    expect(found).toMatchObject({ path: undefined, missing: ChromiumMissing.badEnvPath });
    expect(found.path === undefined && found.reason).toContain(nowhere);
  });

  it('says how to install it when it may not run apt-get', async () => {
    const lines: string[] = [];
    const found = await ensureChromium({
      env: {},
      debianPath: nowhere,
      canInstall: false,
      log: (line) => lines.push(line),
    });
    expect(found).toMatchObject({ path: undefined, missing: ChromiumMissing.notRoot });
    expect(found.path === undefined && found.reason).toContain('apt-get install chromium');
    expect(lines).toEqual([]);
  });
});
