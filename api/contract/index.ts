/**
 * Typed endpoints of the Tour API, one module per resource. Import an endpoint from its module
 * (`import { createTour } from './tours.ts'`) or a whole resource from here
 * (`api.tours.createTour`); pass it to `client.call`.
 */
export * as accommodation from './accommodation.ts';
export * as bulletins from './bulletins.ts';
export * as contacts from './contacts.ts';
export * as customFields from './custom-fields.ts';
export * as daySheet from './day-sheet.ts';
export * as files from './files.ts';
export * as guestlist from './guestlist.ts';
export * as organizations from './organizations.ts';
export * as passTypes from './pass-types.ts';
export * as reference from './reference.ts';
export * as rooms from './rooms.ts';
export * as schedule from './schedule.ts';
export * as scheduleTemplates from './schedule-templates.ts';
export * as tags from './tags.ts';
export * as tours from './tours.ts';
export * as venues from './venues.ts';
