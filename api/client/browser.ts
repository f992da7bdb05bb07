/**
 * Opens a URL in the user's browser where there is one: `open` on macOS, `start` on Windows,
 * `xdg-open` on a Linux desktop. A server or container has none, and that is not an error:
 * the caller prints the URL either way.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The command that opens a URL here, or `undefined` when there is no browser to open. */
export function browserCommand(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): [string, string[]] | undefined {
  if (platform === 'darwin') return onPath('open', env) ? ['open', []] : undefined;
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""']];
  const desktop = Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  return desktop && onPath('xdg-open', env) ? ['xdg-open', []] : undefined;
}

/** Tries to open `url`; `false` when there is no browser (the caller prints the URL instead). */
export function openBrowser(url: string, env: NodeJS.ProcessEnv): boolean {
  const command = browserCommand(env);
  if (!command) return false;
  try {
    const child = spawn(command[0], [...command[1], url], { detached: true, stdio: 'ignore', env });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
