/**
 * Admin routes under `/__sandbox/` on the API port, without authentication: switch faults at
 * run time, read the snapshot, expire tokens, and set up what the API itself cannot (tour
 * members, tokens for other users, extra credentials). Answers are plain JSON, no envelope.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_SCOPES, SCOPE_PREFIX } from '../../activities/api/assumptions.ts';
import { memberKey } from '../access.ts';
import { createCredential } from '../auth/credentials.ts';
import { expireAllAccessTokens, issueTokens } from '../auth/tokens.ts';
import type { SandboxContext } from '../context.ts';
import { notFound, tourNotFound } from '../errors.ts';
import { faultRuleSchema } from '../pipeline/faults.ts';
import { fields, parseWith } from '../pipeline/validate.ts';
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

const tokenSchema = z.object({ userId: fields.uuid.optional(), email: z.email().optional(), apiKey: z.string().optional() });

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
    store.users.put({ id: userId, firstname: input.firstname ?? 'Crew', lastname: input.lastname ?? `Member ${n}`, email: input.email ?? `crew${n}@example.com`, phoneNumber: null, image: null, createdAt: now });
    store.orgMembers.put({ id: memberKey(tour.orgId, userId), orgId: tour.orgId, userId, roleId: Role.member, isOwner: false, isDeactivated: false, joinedAt: now, lastActive: now });
  } else if (!store.users.has(userId)) {
    throw notFound('User');
  }
  const roleId = input.role === 'admin' ? Role.admin : Role.member;
  store.tourMembers.put({ id: memberKey(tour.id, userId), tourId: tour.id, userId, roleId });
  return userId;
}

/** Registers the `/__sandbox` admin routes. */
export function registerAdminRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, faults } = ctx;
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
  app.delete(`${ADMIN_PREFIX}/faults/:id`, async (request) => ({ removed: faults.remove((request.params as { id: string }).id) }));
  app.get(`${ADMIN_PREFIX}/snapshot`, async (request) => {
    const normalise = (request.query as { normalise?: string }).normalise;
    return takeSnapshot(store, normalise === 'true' || normalise === '1');
  });
  app.post(`${ADMIN_PREFIX}/expire-tokens`, async () => {
    expireAllAccessTokens(store);
    ctx.changed();
    return { expired: true };
  });
  app.post(`${ADMIN_PREFIX}/tours/:tourId/members`, async (request) => {
    const tourId = parseWith(z.object({ tourId: fields.uuid }), request.params, 'path').tourId;
    const userId = addTourMember(store, tourId, parseWith(addMemberSchema, request.body ?? {}));
    ctx.changed();
    return { userId };
  });
  app.post(`${ADMIN_PREFIX}/tokens`, async (request) => {
    const input = parseWith(tokenSchema, request.body ?? {});
    const user = input.userId ? store.users.get(input.userId) : store.users.find((row) => row.email === input.email);
    const apiKey = input.apiKey ?? store.meta?.fullApiKey ?? '';
    const credential = store.credentials.get(apiKey);
    if (!user || !credential) throw notFound(user ? 'Credential' : 'User');
    const scopes = credential.scopes.map((scope) => `${SCOPE_PREFIX}${scope}`);
    const tokens = issueTokens(store, { userId: user.id, clientId: apiKey, scopes }, ctx.options);
    ctx.changed();
    return { userId: user.id, ...tokens };
  });
  app.post(`${ADMIN_PREFIX}/credentials`, async (request) => {
    const input = parseWith(credentialSchema, request.body ?? {});
    const issued = createCredential(
      store,
      { label: 'sandbox (admin route)', scopes: input.scopes, redirectUris: input.redirectUris ?? ['http://127.0.0.1/callback'], revoked: input.revoked, expiresAt: input.expiresAt ?? null },
      ctx.options.bcryptCost,
    );
    ctx.changed();
    return issued;
  });
  app.post(`${ADMIN_PREFIX}/credentials/:apiKey/revoke`, async (request) => {
    const credential = store.credentials.get((request.params as { apiKey: string }).apiKey);
    if (!credential) throw notFound('Credential');
    credential.revoked = true;
    ctx.changed();
    return { revoked: true };
  });
}
