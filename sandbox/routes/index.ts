/** Every resource route of the API app. */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.ts';
import { registerAdminRoutes } from './admin.ts';
import { registerOrganizationRoutes } from './organizations.ts';
import { registerScheduleItemRoutes, registerTagRoutes, registerTemplateRoutes } from './schedule/index.ts';
import { registerTourRoutes } from './tours.ts';

/** Adds the `/v1` resource routes and the `/__sandbox` admin routes. */
export function registerRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerOrganizationRoutes(app, ctx);
  registerTourRoutes(app, ctx);
  registerScheduleItemRoutes(app, ctx);
  registerTemplateRoutes(app, ctx);
  registerTagRoutes(app, ctx);
  registerAdminRoutes(app, ctx);
}
