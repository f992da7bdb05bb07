/** Where payload encryption keys come from (worker/key-config.ts reads them). */
import type { DevState } from './dev-state.ts';

/**
 * Payload encryption keys. With none configured, a Temporal on this machine uses the local key,
 * which the first command that needs it creates (`tourflow dev`, `worker`, `run` or any other);
 * any other Temporal needs a key, or `off` said explicitly. Never readable payloads by default.
 */
export interface EncryptionConfig {
  /** A key file (`TOURFLOW_ENCRYPTION_KEY_FILE`), as worker/key-file.ts describes it. */
  keyFile: string | undefined;
  /** Keys as `id:base64key` pairs separated by commas (`TOURFLOW_ENCRYPTION_KEYS`); the first is active. */
  keys: string | undefined;
  /** The ID of the key that encrypts new payloads (`TOURFLOW_ENCRYPTION_ACTIVE_KEY`). @default the key file's `active`, or the first of `keys` */
  activeKey: string | undefined;
  /** Store payloads unencrypted (`--no-encryption`, `TOURFLOW_ENCRYPTION=off`). @default false */
  off: boolean;
  /** The local key, for a Temporal on this machine (created on first use). @default the running dev's, else `$XDG_CONFIG_HOME/tourflow/local-key.json` */
  localKeyFile: string;
}

/**
 * The encryption settings: options, else the environment, else (when neither names keys) those
 * of the running `tourflow dev` this process talks to (`dev`), whose worker uses them.
 */
export function encryptionConfig(
  env: NodeJS.ProcessEnv,
  o: Partial<EncryptionConfig>,
  dev: DevState['temporal'] | undefined,
  defaultLocalKeyFile: string,
): EncryptionConfig {
  const own = {
    keyFile: o.keyFile ?? (env.TOURFLOW_ENCRYPTION_KEY_FILE || undefined),
    keys: o.keys ?? (env.TOURFLOW_ENCRYPTION_KEYS || undefined),
    activeKey: o.activeKey ?? (env.TOURFLOW_ENCRYPTION_ACTIVE_KEY || undefined),
    off: o.off ?? (env.TOURFLOW_ENCRYPTION ? env.TOURFLOW_ENCRYPTION.toLowerCase() === 'off' : undefined),
  };
  // The keys of the running dev this process talks to, unless this process names keys of its own.
  const fromDev = own.keyFile || own.keys || own.off !== undefined ? undefined : dev?.encryption;
  return {
    keyFile: own.keyFile ?? fromDev?.keyFile,
    keys: own.keys,
    activeKey: own.activeKey ?? fromDev?.activeKey,
    off: own.off ?? fromDev?.off ?? false,
    // A running dev's own key first: its worker and Web UI codec use that one.
    localKeyFile: o.localKeyFile ?? dev?.localKeyFile ?? defaultLocalKeyFile,
  };
}
