/** The worker's named webhooks: read from TOURFLOW_WEBHOOKS and TOURFLOW_WEBHOOKS_FILE; a mistake named without its URL. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../worker/config.ts';

const SLACK = 'https://hooks.slack.com/services/T0/B0/s3cret';

describe('webhooks in the worker configuration', () => {
  it('reads name=URL pairs from TOURFLOW_WEBHOOKS, and a file under it, the variable winning', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-webhooks-'));
    const file = path.join(dir, 'webhooks');
    await writeFile(
      file,
      '# chat channels\nops=https://example.com/old\ncrew = https://contoso.webhook.office.com/webhookb2/x\n',
    );
    const config = loadConfig({ env: { TOURFLOW_WEBHOOKS: `ops=${SLACK}`, TOURFLOW_WEBHOOKS_FILE: file } });
    expect(config.webhooks).toEqual({ ops: SLACK, crew: 'https://contoso.webhook.office.com/webhookb2/x' });
    expect(loadConfig({ env: {} }).webhooks).toEqual({});
  });

  it('names a bad entry by its name or position, never quoting the URL', () => {
    const error = (value: string) => {
      try {
        loadConfig({ env: { TOURFLOW_WEBHOOKS: value } });
      } catch (caught) {
        expect(caught).toBeInstanceOf(ConfigError);
        return (caught as Error).message;
      }
      throw new Error('expected a ConfigError');
    };
    expect(error(`ops=${SLACK},${SLACK}`)).toBe(
      'TOURFLOW_WEBHOOKS: entry 2 is not name=URL (a name of letters, digits, _ and -, then =, then the URL)',
    );
    expect(error('ops=hooks.slack.com/services/s3cret')).toBe(
      'TOURFLOW_WEBHOOKS: webhook "ops" has no valid URL after "="',
    );
    expect(error('ops=ftp://example.com/s3cret')).toBe('TOURFLOW_WEBHOOKS: webhook "ops" is not an http(s) URL');
    expect(error('ops=x').includes('s3cret')).toBe(false);
  });
});
