/** Every resource route of the API app. */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.ts';
import { registerAdminRoutes } from './admin.ts';
import { registerOrganizationRoutes } from './organizations.ts';
import { registerTourRoutes } from './tours.ts';

/** Adds the `/v1` resource routes and the `/__sandbox` admin routes. */
export function registerRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerOrganizationRoutes(app, ctx);
  registerTourRoutes(app, ctx);
  registerAdminRoutes(app, ctx);
}
