/**
 * The worker's named webhooks, for the `notify` action: a playbook names a webhook, never its
 * URL, since a webhook URL is a secret (whoever holds it can post). Read from
 * `TOURFLOW_WEBHOOKS` (`ops=https://…,crew=https://…`) and `TOURFLOW_WEBHOOKS_FILE` (one
 * `name=URL` a line, `#` comments), the variable winning for a name in both. A mistake is a
 * `ConfigError` naming the entry by its name or position, never quoting the URL.
 */
import { readFileSync } from 'node:fs';

/** Webhook URLs by name. */
export type Webhooks = Readonly<Record<string, string>>;

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** Thrown for a webhook setting that cannot be read; `worker/config.ts` reports it as a ConfigError. */
export class WebhookConfigError extends Error {
  override name = 'WebhookConfigError';
}

/** The entries of one source: `name=URL` separated by commas or line ends. */
export function parseWebhooks(text: string, source: string): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && !entry.startsWith('#'));
  entries.forEach((entry, index) => {
    const at = entry.indexOf('=');
    const name = at > 0 ? entry.slice(0, at).trim() : '';
    const where = NAME.test(name) ? `webhook "${name}"` : `entry ${index + 1}`;
    if (!NAME.test(name))
      throw new WebhookConfigError(
        `${source}: ${where} is not name=URL (a name of letters, digits, _ and -, then =, then the URL)`,
      );
    let url: URL;
    try {
      url = new URL(entry.slice(at + 1).trim());
    } catch {
      throw new WebhookConfigError(`${source}: ${where} has no valid URL after "="`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new WebhookConfigError(`${source}: ${where} is not an http(s) URL`);
    out[name] = url.href;
  });
  return out;
}

/** The webhooks `env` configures (`TOURFLOW_WEBHOOKS_FILE`, then `TOURFLOW_WEBHOOKS` over it). */
export function webhooksFrom(env: NodeJS.ProcessEnv): Webhooks {
  const file = env.TOURFLOW_WEBHOOKS_FILE;
  let fromFile: Record<string, string> = {};
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new WebhookConfigError(
        `TOURFLOW_WEBHOOKS_FILE ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    fromFile = parseWebhooks(text, `TOURFLOW_WEBHOOKS_FILE ${file}`);
  }
  return { ...fromFile, ...parseWebhooks(env.TOURFLOW_WEBHOOKS ?? '', 'TOURFLOW_WEBHOOKS') };
}
