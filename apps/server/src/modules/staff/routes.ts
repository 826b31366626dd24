/**
 * The staff API (issue 19) under /api/staff: sign-in and setup (open, rate-limited), the
 * session, and the owner's staff management and audit log. Thin handlers: validated input →
 * service → contract object; response schemas strip whatever they do not name.
 */
import cookiePlugin from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@storefront/shared/errors';
import {
  AuditListResponse,
  AuditQuery,
  StaffIdParams,
  StaffInviteBody,
  StaffInviteResponse,
  StaffListResponse,
  StaffLoginBody,
  StaffMember,
  STAFF_ROLES,
  StaffSessionResponse,
  StaffSetupCompleteBody,
  StaffSetupCompleteResponse,
  StaffSetupStartBody,
  StaffSetupStartResponse,
  StaffUpdateBody,
} from '@storefront/shared/staff';
import type { ModuleContext, RequireStaff } from '../../module-context.js';
import { actorOf, listAudit, recordAudit } from './audit.js';
import { assertSameOrigin } from './authenticate.js';
import * as members from './service.js';
import {
  endStaffSession,
  STAFF_SESSION_LIFETIME_MS,
  type ClientInfo,
  type StaffCookie,
} from './sessions.js';

const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 429)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export function staffRoutes(
  context: ModuleContext,
  options: { guard: RequireStaff; cookie: StaffCookie; secrets: members.StaffSecrets },
) {
  const { db, config, now, limiters } = context;
  const { guard, cookie, secrets } = options;
  const owner = guard(['owner']);
  const anyMember = guard(STAFF_ROLES);

  function setSessionCookie(reply: FastifyReply, token: string) {
    reply.setCookie(cookie.name, token, {
      path: '/',
      httpOnly: true,
      secure: cookie.secure,
      sameSite: 'strict',
      maxAge: STAFF_SESSION_LIFETIME_MS / 1000,
    });
  }

  async function sessionResponse(memberId: string, member: StaffMember) {
    return { staff: member, recoveryCodesLeft: await members.recoveryCodesLeft(db, memberId) };
  }

  return async (fastify: FastifyInstance) => {
    // Only these routes set or clear a cookie (the session's); registered here, @fastify/cookie's
    // hooks run on their requests alone, not on every catalog read (decision 083).
    await fastify.register(cookiePlugin);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['staff'];
    const security = [{ staffSession: [] }];
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    // The open routes are same-origin only too (login CSRF); the guard checks the others. Both
    // run on request, before the body is read or validated.
    const sameOrigin = async (request: FastifyRequest) => assertSameOrigin(request);

    app.post(
      '/api/staff/login',
      {
        schema: {
          tags,
          summary: 'Sign in to the console: password and second factor; sets the session cookie',
          body: StaffLoginBody,
          response: { 200: StaffSessionResponse, ...errors(400, 401, 403, 429) },
        },
        onRequest: sameOrigin,
      },
      async (request, reply) => {
        const { token, member } = await members.staffLogin(db, secrets, request.body, {
          now: now(),
          passwordFailures: limiters.failedLoginsPerAccount,
          secondFactorFailures: limiters.staffFailedLoginsPerAccount,
          client: clientOf(request),
        });
        setSessionCookie(reply, token);
        return sessionResponse(member.id, members.toMember(member));
      },
    );

    app.post(
      '/api/staff/logout',
      {
        schema: {
          tags,
          security,
          summary: 'Sign out of the console',
          response: { 204: z.null(), ...errors(401, 403) },
        },
        onRequest: anyMember,
      },
      async (request, reply) => {
        await db.transaction(async (tx) => {
          await endStaffSession(tx, request.staff!.sessionId, now());
          await recordAudit(tx, actorOf(request), {
            action: 'staff.logout',
            targetType: 'staff',
            targetId: request.staff!.id,
          });
        });
        reply.clearCookie(cookie.name, {
          path: '/',
          httpOnly: true,
          secure: cookie.secure,
          sameSite: 'strict',
        });
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/staff/session',
      {
        schema: {
          tags,
          security,
          summary: 'The signed-in staff member',
          response: { 200: StaffSessionResponse, ...errors(401, 403) },
        },
        onRequest: anyMember,
      },
      async (request) =>
        sessionResponse(request.staff!.id, (await members.memberById(db, request.staff!.id))!),
    );

    app.post(
      '/api/staff/setup/start',
      {
        schema: {
          tags,
          summary: 'Open a setup link: who is invited, and the second factor to enrol',
          body: StaffSetupStartBody,
          response: { 200: StaffSetupStartResponse, ...errors(400, 403, 404, 429) },
        },
        onRequest: sameOrigin,
      },
      async (request) => members.startSetup(db, secrets, request.body.token, now()),
    );

    app.post(
      '/api/staff/setup/complete',
      {
        schema: {
          tags,
          summary: 'Finish setup: name, password and a code from the enrolled app; signs in',
          body: StaffSetupCompleteBody,
          response: { 201: StaffSetupCompleteResponse, ...errors(400, 403, 404, 409, 429) },
        },
        onRequest: sameOrigin,
      },
      async (request, reply) => {
        const { token, response } = await members.completeSetup(db, secrets, request.body, {
          now: now(),
          client: clientOf(request),
        });
        setSessionCookie(reply, token);
        return reply.status(201).send({
          ...response,
          recoveryCodesLeft: response.recoveryCodes.length,
        });
      },
    );

    app.get(
      '/api/staff/members',
      {
        schema: {
          tags,
          security,
          summary: 'Staff members and open invitations (owner)',
          response: { 200: StaffListResponse, ...errors(401, 403) },
        },
        onRequest: owner,
      },
      async () => members.listStaff(db, now()),
    );

    app.post(
      '/api/staff/invitations',
      {
        schema: {
          tags,
          security,
          summary: 'Invite a staff member; answers the one-time setup link (owner)',
          body: StaffInviteBody,
          response: { 201: StaffInviteResponse, ...errors(400, 401, 403, 409) },
        },
        onRequest: owner,
      },
      async (request, reply) =>
        reply.status(201).send(
          await members.inviteStaff(db, actorOf(request), request.body, {
            now: now(),
            publicUrl: config.publicUrl,
          }),
        ),
    );

    app.delete(
      '/api/staff/invitations/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Revoke an open invitation (owner)',
          params: StaffIdParams,
          response: { 204: z.null(), ...errors(401, 403, 404) },
        },
        onRequest: owner,
      },
      async (request, reply) => {
        await members.revokeInvitation(db, actorOf(request), request.params.id, now());
        return reply.status(204).send(null);
      },
    );

    app.patch(
      '/api/staff/members/:id',
      {
        schema: {
          tags,
          security,
          summary: "Change a member's role, or disable or enable them (owner)",
          params: StaffIdParams,
          body: StaffUpdateBody,
          response: { 200: StaffMember, ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: owner,
      },
      async (request) =>
        members.updateStaff(db, actorOf(request), request.params.id, request.body, now()),
    );

    app.get(
      '/api/staff/audit',
      {
        schema: {
          tags,
          security,
          summary: 'The audit log, newest first, filtered (owner)',
          querystring: AuditQuery,
          response: { 200: AuditListResponse, ...errors(400, 401, 403) },
        },
        onRequest: owner,
      },
      async (request) => listAudit(db, request.query),
    );
  };
}
