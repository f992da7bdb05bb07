/** Organizations: the ones the signed-in user belongs to, their members and key contacts. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { lookupRef, personRef } from './shared.ts';

export const organization = z.looseObject({
  id: z.string(),
  name: z.string(),
  fileName: z.string().nullish(),
  orgUserCount: z.number().nullish(),
  is_deactivated: z.boolean().nullish(),
  isBeta: z.boolean().nullish(),
  fromBeta: z.boolean().nullish(),
  is_unlimited_free: z.boolean().nullish(),
  is_trial: z.boolean().nullish(),
  absoluteLink: z.string().nullish(),
  loggedInUserRole: z.looseObject({ id: z.number(), name: z.string() }).nullish(),
  type: lookupRef.nullish(),
  created_by: personRef.nullish(),
  avatarColorType: lookupRef.nullish(),
});
export type Organization = z.output<typeof organization>;

export const organizationMembers = z.looseObject({
  activeSeats: z.number().nullish(),
  availableSeats: z.number().nullish(),
  deactivatedSeats: z.number().nullish(),
  activeUsers: z.array(
    z.looseObject({
      user_id: z.string(),
      firstname: z.string().nullish(),
      lastname: z.string().nullish(),
      email: z.string().nullish(),
      is_owner: z.boolean().nullish(),
      is_deactivated: z.boolean().nullish(),
      user_role: z.looseObject({ id: z.number(), name: z.string() }).nullish(),
    }),
  ),
  invitedUsers: z
    .array(z.looseObject({ invite_id: z.union([z.string(), z.number()]), email: z.string().nullish() }))
    .default([]),
});
export type OrganizationMembers = z.output<typeof organizationMembers>;

export const keyContact = z.looseObject({
  id: z.number(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  number: z.union([z.string(), z.number()]).nullish(),
  country: z.union([z.string(), z.number()]).nullish(),
  role: z.string().nullish(),
  company: z.string().nullish(),
  city: z.string().nullish(),
  url: z.string().nullish(),
  avatarColorType: lookupRef.nullish(),
});
export type KeyContact = z.output<typeof keyContact>;

export const listOrganizations = defineEndpoint(Endpoints.listOrganizations, { data: z.array(organization) });

export const listOrganizationUsers = defineEndpoint(Endpoints.listOrganizationUsers, {
  data: organizationMembers,
});

export const listOrganizationKeyContacts = defineEndpoint(Endpoints.listOrganizationKeyContacts, {
  data: z.array(keyContact),
});
