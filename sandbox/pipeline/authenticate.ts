/**
 * Steps 1-3 of the contract's pipeline: partner authentication, user token, scope check.
 */
import type { EndpointSpec } from '../../api/contract/assumptions.ts';
import { isCredentialActive } from '../auth/credentials.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import type { SandboxContext } from '../context.ts';
import { ApiProblem, ErrorCode } from '../errors.ts';

/** Who a request acts for, once authenticated. */
export interface Caller {
  apiKey: string;
  userId: string;
}

type Headers = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value) || undefined;

/** Authenticates a request for `endpoint`, or throws the contract's answer. */
export async function authenticate(ctx: SandboxContext, headers: Headers, endpoint: EndpointSpec): Promise<Caller> {
  const apiKey = single(headers['x-api-key']);
  const secret = single(headers['x-api-secret']);
  if (!apiKey || !secret) throw new ApiProblem(401, null, 'Unauthorized');
  const credential = ctx.store.credentials.get(apiKey);
  if (!credential || !isCredentialActive(credential) || !(await ctx.verifier.verify(credential, secret))) {
    throw new ApiProblem(403, null, 'Forbidden');
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(single(headers.authorization) ?? '');
  const token = match?.[1] ? verifyAccessToken(ctx.store, match[1]) : undefined;
  if (!token || !ctx.store.users.has(token.userId)) throw new ApiProblem(401, null, 'Unauthorized');
  const missing = endpoint.scopes.filter((scope) => !credential.scopes.includes(scope));
  if (missing.length > 0) {
    const noun = missing.length === 1 ? 'scope' : 'scopes';
    throw new ApiProblem(403, ErrorCode.insufficientScope, `Missing required ${noun}: ${missing.join(', ')}`);
  }
  return { apiKey, userId: token.userId };
}
