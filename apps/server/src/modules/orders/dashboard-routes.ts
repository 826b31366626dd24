/**
 * GET /api/staff/dashboard (issue 19): the console's first page, for any member — every role
 * works from the same figures (fulfilment from the queue awaiting shipment, finance from the
 * payments needing attention).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody } from '@storefront/shared/errors';
import { STAFF_ROLES } from '@storefront/shared/staff';
import { DashboardResponse } from '@storefront/shared/staff-dashboard';
import type { ModuleContext } from '../../module-context.js';
import { dashboard } from './dashboard.js';

export function dashboardRoutes({ db, now, requireStaff }: ModuleContext) {
  const anyMember = requireStaff(STAFF_ROLES);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/staff/dashboard',
      {
        schema: {
          tags: ['dashboard'],
          security: [{ staffSession: [] }],
          summary:
            'Orders and revenue today, over 7 and 30 India days and day by day; orders awaiting shipment; payments needing attention (any member)',
          response: { 200: DashboardResponse, 401: ErrorBody, 403: ErrorBody },
        },
        onRequest: anyMember,
      },
      async () => dashboard(db, now()),
    );
  };
}
