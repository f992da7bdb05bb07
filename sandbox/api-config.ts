/** The API settings that point tourflow at a running sandbox, as the worker's configuration takes them. */
import type { ApiConfig } from '../worker/config.ts';
import type { SandboxCredentials } from './types.ts';

/** Base and portal URLs, the full credential, its tokens and the main organization. */
export function sandboxApiConfig(creds: SandboxCredentials): Partial<ApiConfig> {
  return {
    baseUrl: creds.baseUrl,
    authUrl: creds.authUrl,
    apiKey: creds.apiKey,
    apiSecret: creds.apiSecret,
    accessToken: creds.accessToken,
    refreshToken: creds.refreshToken,
    defaultOrg: creds.orgId,
  };
}
