/**
 * Admin routes under `/__sandbox/` on the API port, without authentication: switch faults at
 * run time, read the snapshot, expire tokens, and set up what the API itself cannot (tour
 * members, tokens for other users, extra credentials). Answers are plain JSON, no envelope.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_SCOPES, SCOPE_PREFIX } from '../../api/contract/assumptions.ts';
import { memberKey } from '../access.ts';
import { createCredential } from '../auth/credentials.ts';
import { expireAllAccessTokens, issueTokens } from '../auth/tokens.ts';
import type { SandboxContext } from '../context.ts';
import { notFound, tourNotFound } from '../errors.ts';
import { faultRuleSchema } from '../pipeline/faults.ts';
import { fields } from '../../api/contract/fields.ts';
import { parseWith } from '../pipeline/validate.ts';
import { Role } from '../store/reference-data.ts';
import { takeSnapshot } from '../store/snapshot.ts';
import type { Store } from '../store/store.ts';

/** Where the admin routes live on the API port. */
export const ADMIN_PREFIX = '/__sandbox';

const addMemberSchema = z.object({
  userId: fields.uuid.optional(),
  firstname: z.string().min(1).max(100).optional(),
  lastname: z.string().min(1).max(100).optional(),
  email: z.email().optional(),
  role: z.enum(['admin', 'member']).default('member'),
});

const tokenSchema = z.object({
  userId: fields.uuid.optional(),
  email: z.email().optional(),
  apiKey: z.string().optional(),
});

const credentialSchema = z.object({
  scopes: z.array(z.enum(API_SCOPES as [string, ...string[]])).default([...API_SCOPES]),
  revoked: z.boolean().optional(),
  expiresAt: z.iso.datetime().nullable().optional(),
  redirectUris: z.array(z.url()).optional(),
});

/** Adds a user (existing, or new and then also an organization member) to a tour. */
function addTourMember(store: Store, tourId: string, input: z.infer<typeof addMemberSchema>): string {
  const tour = store.tours.get(tourId);
  if (!tour || tour.isDeleted) throw tourNotFound();
  let userId = input.userId;
  if (userId === undefined) {
    userId = store.uuid();
    const n = store.users.size + 1;
    const now = new Date().toISOString();
    store.users.put({
      id: userId,
      firstname: input.firstname ?? 'Crew',
      lastname: input.lastname ?? `Member ${n}`,
      email: input.email ?? `crew${n}@example.com`,
      phoneNumber: null,
      image: null,
      createdAt: now,
    });
    store.orgMembers.put({
      id: memberKey(tour.orgId, userId),
      orgId: tour.orgId,
      userId,
      roleId: Role.member,
      isOwner: false,
      isDeactivated: false,
      joinedAt: now,
      lastActive: now,
    });
  } else if (!store.users.has(userId)) {
    throw notFound('User');
  }
  const roleId = input.role === 'admin' ? Role.admin : Role.member;
  store.tourMembers.put({ id: memberKey(tour.id, userId), tourId: tour.id, userId, roleId });
  return userId;
}

/** Fault rules, switchable at run time. */
function registerFaultAdmin(app: FastifyInstance, faults: SandboxContext['faults']): void {
  app.get(`${ADMIN_PREFIX}/faults`, async () => ({ rules: faults.list() }));
  app.post(`${ADMIN_PREFIX}/faults`, async (request) => ({ id: faults.add(parseWith(faultRuleSchema, request.body)) }));
  app.put(`${ADMIN_PREFIX}/faults`, async (request) => {
    faults.set(parseWith(z.object({ rules: z.array(faultRuleSchema) }), request.body).rules);
    return { rules: faults.list() };
  });
  app.delete(`${ADMIN_PREFIX}/faults`, async () => {
    faults.clear();
    return { rules: [] };
  });
  app.delete(`${ADMIN_PREFIX}/faults/:id`, async (request) => ({
    removed: faults.remove((request.params as { id: string }).id),
  }));
}

/** A token for any user (to act as a crew member), through a credential (the full one by default). */
function mintToken(ctx: SandboxContext, body: unknown): Record<string, unknown> {
  const { store } = ctx;
  const input = parseWith(tokenSchema, body ?? {});
  const user = input.userId ? store.users.get(input.userId) : store.users.find((row) => row.email === input.email);
  const apiKey = input.apiKey ?? store.meta?.fullApiKey ?? '';
  const credential = store.credentials.get(apiKey);
  if (!user || !credential) throw notFound(user ? 'Credential' : 'User');
  const scopes = credential.scopes.map((scope) => `${SCOPE_PREFIX}${scope}`);
  return { userId: user.id, ...issueTokens(store, { userId: user.id, clientId: apiKey, scopes }, ctx.options) };
}

/** Credentials with chosen scopes, revoked or expired, for the authentication rules. */
function addCredential(ctx: SandboxContext, body: unknown): Record<string, unknown> {
  const input = parseWith(credentialSchema, body ?? {});
  const redirectUris = input.redirectUris ?? ['http://127.0.0.1/callback'];
  return {
    ...createCredential(
      ctx.store,
      {
        label: 'sandbox (admin route)',
        scopes: input.scopes,
        redirectUris,
        revoked: input.revoked,
        expiresAt: input.expiresAt ?? null,
      },
      ctx.options.bcryptCost,
    ),
  };
}

/** Registers the `/__sandbox` admin routes. */
export function registerAdminRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store } = ctx;
  const changing = <T>(work: () => T): T => {
    const result = work();
    ctx.changed();
    return result;
  };
  registerFaultAdmin(app, ctx.faults);
  app.get(`${ADMIN_PREFIX}/snapshot`, async (request) => {
    const normalise = (request.query as { normalise?: string }).normalise;
    return takeSnapshot(store, normalise === 'true' || normalise === '1');
  });
  app.post(`${ADMIN_PREFIX}/expire-tokens`, async () =>
    changing(() => {
      expireAllAccessTokens(store);
      return { expired: true };
    }),
  );
  app.post(`${ADMIN_PREFIX}/tours/:tourId/members`, async (request) => {
    const tourId = parseWith(z.object({ tourId: fields.uuid }), request.params, 'path').tourId;
    return changing(() => ({ userId: addTourMember(store, tourId, parseWith(addMemberSchema, request.body ?? {})) }));
  });
  app.post(`${ADMIN_PREFIX}/tokens`, async (request) => changing(() => mintToken(ctx, request.body)));
  app.post(`${ADMIN_PREFIX}/credentials`, async (request) => changing(() => addCredential(ctx, request.body)));
  app.post(`${ADMIN_PREFIX}/credentials/:apiKey/revoke`, async (request) => {
    const credential = store.credentials.get((request.params as { apiKey: string }).apiKey);
    if (!credential) throw notFound('Credential');
    return changing(() => {
      credential.revoked = true;
      return { revoked: true };
    });
  });
}
