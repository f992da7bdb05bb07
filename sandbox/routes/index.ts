/** Every resource route of the API app. */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.ts';
import { registerAccommodationRoutes } from './accommodation.ts';
import { registerAdminRoutes } from './admin.ts';
import { registerBulletinRoutes } from './bulletins.ts';
import { registerContactRoutes } from './contacts.ts';
import { registerCustomFieldRoutes } from './custom-fields.ts';
import { registerDaySheetRoutes } from './day-sheet/routes.ts';
import { registerFileRoutes } from './files/files.ts';
import { registerStorageRoutes } from './files/storage.ts';
import { registerGuestDayRoutes, registerGuestRoutes, registerPassTypeRoutes } from './guestlist/index.ts';
import { registerOrganizationRoutes } from './organizations.ts';
import { registerReferenceRoutes } from './reference.ts';
import { registerRoomRoutes } from './rooms.ts';
import { registerScheduleItemRoutes, registerTagRoutes, registerTemplateRoutes } from './schedule/index.ts';
import { registerTourDataRoutes } from './tour-data.ts';
import { registerTourRoutes } from './tours.ts';
import { registerVenueRoutes } from './venues.ts';

/** Adds the `/v1` resource routes, the signed storage routes and the `/__sandbox` admin routes. */
export function registerRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerOrganizationRoutes(app, ctx);
  registerTourRoutes(app, ctx);
  registerScheduleItemRoutes(app, ctx);
  registerTemplateRoutes(app, ctx);
  registerTagRoutes(app, ctx);
  registerCustomFieldRoutes(app, ctx);
  registerVenueRoutes(app, ctx);
  registerAccommodationRoutes(app, ctx);
  registerRoomRoutes(app, ctx);
  registerContactRoutes(app, ctx);
  registerGuestRoutes(app, ctx);
  registerGuestDayRoutes(app, ctx);
  registerPassTypeRoutes(app, ctx);
  registerBulletinRoutes(app, ctx);
  registerReferenceRoutes(app, ctx);
  registerTourDataRoutes(app, ctx);
  registerFileRoutes(app, ctx);
  registerStorageRoutes(app, ctx);
  registerDaySheetRoutes(app, ctx);
  registerAdminRoutes(app, ctx);
}
