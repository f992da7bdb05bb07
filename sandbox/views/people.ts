/** How users, roles and organizations appear in API responses. */
import type { OrgRecord } from '../store/records.ts';
import { lookup } from '../store/reference-data.ts';
import type { Store } from '../store/store.ts';
import { memberKey } from '../access.ts';

/** `{ id, firstname, lastname }` (the `created_by` of most records). */
export function userRef(store: Store, userId: string): { id: string; firstname: string; lastname: string } {
  const user = store.users.get(userId);
  return { id: userId, firstname: user?.firstname ?? '', lastname: user?.lastname ?? '' };
}

/** `{ id, firstname, lastname, email, image }`. */
export function userCard(store: Store, userId: string): Record<string, unknown> {
  const user = store.users.get(userId);
  return { ...userRef(store, userId), email: user?.email ?? null, image: user?.image ?? null };
}

/** `{ id, name }` of a user role. */
export function roleRef(roleId: number): { id: number; name: string } {
  return { id: roleId, name: lookup('userRoleTypes', roleId)?.type ?? 'Member' };
}

/** `{ id, name, description }` of a user role. */
export function roleType(roleId: number): { id: number; name: string; description: string } {
  const entry = lookup('userRoleTypes', roleId);
  return { id: roleId, name: entry?.type ?? 'Member', description: entry?.description ?? 'Member' };
}

/** An organization list item, as the caller sees it. */
export function organizationView(store: Store, org: OrgRecord, userId: string): Record<string, unknown> {
  const members = store.orgMembers.filter((member) => member.orgId === org.id && !member.isDeactivated);
  const type = lookup('orgTypes', org.typeId);
  const color = lookup('avatarColors', org.avatarColorId);
  return {
    id: org.id,
    name: org.name,
    fileName: org.fileName,
    orgUserCount: members.length,
    is_deactivated: org.isDeactivated,
    isBeta: org.isBeta,
    fromBeta: org.fromBeta,
    is_unlimited_free: org.isUnlimitedFree,
    is_trial: org.isTrial,
    absoluteLink: `https://app.tourflow.invalid/organizations/${org.id}`,
    loggedInUserRole: roleRef(store.orgMembers.get(memberKey(org.id, userId))?.roleId ?? 3),
    type: type ? { ...type } : null,
    created_by: userRef(store, org.createdBy),
    avatarColorType: color ? { id: color.id, type: color.type } : null,
  };
}

/** Seats an organization has; the real plan sizes are not shown. */
const SEATS = 25;

/** The organization members object. */
export function organizationMembersView(store: Store, org: OrgRecord): Record<string, unknown> {
  const members = store.orgMembers.filter((member) => member.orgId === org.id);
  const active = members.filter((member) => !member.isDeactivated);
  return {
    activeSeats: active.length,
    availableSeats: Math.max(0, SEATS - active.length),
    deactivatedSeats: members.length - active.length,
    activeUsers: active.map((member) => {
      const user = store.users.get(member.userId);
      return {
        user_id: member.userId,
        firstname: user?.firstname ?? '',
        lastname: user?.lastname ?? '',
        email: user?.email ?? '',
        phone_number: user?.phoneNumber ?? null,
        user_image: user?.image ?? null,
        is_owner: member.isOwner,
        is_removed: false,
        is_deleted: false,
        is_deactivated: member.isDeactivated,
        last_active: member.lastActive,
        org_join_date: member.joinedAt,
        user_role: roleRef(member.roleId),
      };
    }),
    invitedUsers: store.invites
      .filter((invite) => invite.orgId === org.id)
      .map((invite) => ({
        invite_id: String(invite.id),
        email: invite.email,
        role: roleRef(invite.roleId),
        invited_by_fullname: `${userRef(store, invite.invitedBy).firstname} ${userRef(store, invite.invitedBy).lastname}`,
        invite_sent_on: invite.sentAt,
        is_deactivated: false,
      })),
  };
}
