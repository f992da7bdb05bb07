/** Organizations: the caller's list, members, and the key-contact book. */
import type { FastifyInstance } from 'fastify';
import { memberKey, requireOrgMember } from '../access.ts';
import type { SandboxContext } from '../context.ts';
import { defineRoute } from '../pipeline/route.ts';
import { keyContactView } from '../views/contacts.ts';
import { organizationMembersView, organizationView } from '../views/people.ts';

/** Registers the organization endpoints. */
export function registerOrganizationRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'listOrganizations', ({ store, caller }) => ({
    data: store.orgs
      .filter((org) => store.orgMembers.get(memberKey(org.id, caller.userId))?.isDeactivated === false)
      .map((org) => organizationView(store, org, caller.userId)),
  }));

  defineRoute(app, ctx, 'listOrganizationUsers', ({ store, caller, params }) => {
    const org = requireOrgMember(store, params.orgId as string, caller.userId);
    return { data: organizationMembersView(store, org) };
  });

  defineRoute(app, ctx, 'listOrganizationKeyContacts', ({ store, caller, params }) => {
    const org = requireOrgMember(store, params.orgId as string, caller.userId);
    return { data: store.keyContacts.filter((contact) => contact.orgId === org.id).map(keyContactView) };
  });
}
