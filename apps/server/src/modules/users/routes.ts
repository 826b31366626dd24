/**
 * The account API (spec §7 user calls and POST /refresh; ARCHITECTURE.md "Contracts"). Thin
 * handlers: validated input → service → contract object. Response schemas strip every field
 * they do not name, so a password hash cannot leak even if a service returned one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmEmailChangeBody,
  ChangePasswordResponse,
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  ProfileUpdateBody,
  RefreshResponse,
  ResendVerificationBody,
  ResetPasswordBody,
  SignupBody,
  UserProfile,
} from '@storefront/shared/accounts';
import { ErrorBody } from '@storefront/shared/errors';
import { bearerToken } from '../../lib/bearer-token.js';
import type { ModuleContext } from '../../module-context.js';
import type { TokenService } from './access-tokens.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './password-policy.js';
import { addressKey, tooManyRequests, type Limiter } from '../../lib/rate-limit.js';
import { RESET_MESSAGES, requestPasswordReset, resetPassword } from './password-reset.js';
import * as accounts from './service.js';
import { confirmEmailChange, requestEmailChange } from './email-change.js';
import { endSession, rotateSession } from './sessions.js';
import { checkedBuyer } from './authenticate.js';

/** The shared rules plus what only the server checks: the bundled common-password list. */
const ServerSignupBody = SignupBody.superRefine((body, ctx) => {
  if (isCommonPassword(body.password)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: COMMON_PASSWORD_MESSAGE });
  }
});

const ServerChangePasswordBody = ChangePasswordBody.superRefine((body, ctx) => {
  if (isCommonPassword(body.new_password)) {
    ctx.addIssue({ code: 'custom', path: ['new_password'], message: COMMON_PASSWORD_MESSAGE });
  }
});

const ServerResetPasswordBody = ResetPasswordBody.superRefine((body, ctx) => {
  if (isCommonPassword(body.new_password)) {
    ctx.addIssue({ code: 'custom', path: ['new_password'], message: COMMON_PASSWORD_MESSAGE });
  }
});

const RefreshHeaders = z.object({ 'refresh-token': z.string().max(200).optional() });
const VerifyParams = z.object({ token: z.string().max(200) }).strict();

const errors = (...statuses: (400 | 401 | 403 | 409 | 429)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

/** A preHandler taking one slot of `limiter` under the request's key. */
function limitBy(limiter: Limiter, key: (request: FastifyRequest) => string) {
  return async (request: FastifyRequest) => {
    const taken = await limiter.take(key(request));
    if (!taken.ok) throw tooManyRequests(taken.retryAfterSeconds);
  };
}

const byAddress = (request: FastifyRequest) => addressKey(request.ip);
const byEmail = (request: FastifyRequest) => (request.body as { email: string }).email;
/** The signed-in buyer (the route authenticates first). */
const byAccount = checkedBuyer;

/** The account routes, signing with `tokens` and counting attempts with the context's limiters. */
export function userRoutes(context: ModuleContext, tokens: TokenService) {
  const { db, config, now, limiters } = context;
  const accountContext = () => ({ publicUrl: config.publicUrl, now: now() });

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['accounts'];
    // Tokens and profiles must never sit in a shared or browser cache (ASVS 5.0 14.3.2).
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/api/user/signup',
      {
        schema: {
          tags,
          summary: 'Register a business account; a verification email follows',
          body: ServerSignupBody,
          response: { 201: MessageResponse, ...errors(400, 409, 429) },
        },
        preHandler: [
          limitBy(limiters.signupPerAddress, byAddress),
          limitBy(limiters.signupPerAccount, byEmail),
        ],
      },
      async (request, reply) => {
        await accounts.signup(db, request.body, accountContext());
        return reply.status(201).send({ msg: accounts.MESSAGES.signedUp });
      },
    );

    app.get(
      '/api/user/verify-email/:token',
      {
        schema: {
          tags,
          summary: "Confirm an account's email with the token from its verification link",
          params: VerifyParams,
          response: { 200: MessageResponse, ...errors(400) },
        },
      },
      async (request) => ({ msg: await accounts.verifyEmail(db, request.params.token, now()) }),
    );

    app.post(
      '/api/user/resend-verification',
      {
        schema: {
          tags,
          summary: 'Send a new verification link (same answer whether or not the account exists)',
          body: ResendVerificationBody,
          response: { 202: MessageResponse, ...errors(400, 429) },
        },
        preHandler: [
          limitBy(limiters.resendPerAddress, byAddress),
          limitBy(limiters.resendPerAccount, byEmail),
        ],
      },
      async (request, reply) => {
        await accounts.resendVerification(db, request.body.email, accountContext());
        return reply.status(202).send({ msg: accounts.MESSAGES.resent });
      },
    );

    app.post(
      '/api/user/forgot-password',
      {
        schema: {
          tags,
          summary:
            'Mail a single-use password reset link (same answer whether or not the account exists)',
          body: ForgotPasswordBody,
          response: { 202: MessageResponse, ...errors(400, 429) },
        },
        preHandler: [
          limitBy(limiters.passwordResetPerAddress, byAddress),
          limitBy(limiters.passwordResetPerAccount, byEmail),
        ],
      },
      async (request, reply) => {
        await requestPasswordReset(db, request.body.email, accountContext());
        return reply.status(202).send({ msg: RESET_MESSAGES.requested });
      },
    );

    app.post(
      '/api/user/reset-password',
      {
        schema: {
          tags,
          summary:
            'Set a new password with the token of a reset link; every session of the account ends',
          body: ServerResetPasswordBody,
          response: { 200: MessageResponse, ...errors(400, 429) },
        },
        preHandler: limitBy(limiters.passwordResetSubmitPerAddress, byAddress),
      },
      async (request) => ({ msg: await resetPassword(db, request.body, now()) }),
    );

    app.post(
      '/api/user/login',
      {
        schema: {
          tags,
          summary: 'Log in with email and password',
          body: LoginBody,
          response: { 200: LoginResponse, ...errors(400, 401, 403, 429) },
        },
        preHandler: limitBy(limiters.loginPerAddress, byAddress),
      },
      async (request) =>
        accounts.login(db, tokens, request.body, {
          now: now(),
          failures: limiters.failedLoginsPerAccount,
        }),
    );

    app.post(
      '/api/refresh',
      {
        schema: {
          tags,
          summary: 'Exchange the refresh-token header for a new access token and refresh token',
          headers: RefreshHeaders,
          response: { 200: RefreshResponse, ...errors(400, 401) },
        },
      },
      async (request) => rotateSession(db, tokens, request.headers['refresh-token'], now()),
    );

    app.post(
      '/api/user/logout',
      {
        schema: {
          tags,
          summary: 'End the session of the refresh-token header and/or the bearer token',
          headers: RefreshHeaders,
          response: { 200: MessageResponse, ...errors(400) },
        },
      },
      async (request, reply) => {
        const bearer = bearerToken(request);
        const session = bearer
          ? await tokens.verifyAccessToken(bearer).catch(() => undefined)
          : undefined;
        await endSession(
          db,
          { refreshToken: request.headers['refresh-token'], familyId: session?.sessionId },
          now(),
        );
        // Asks the browser to drop the tokens it keeps in storage (reference §4, item 5).
        reply.header('clear-site-data', '"storage"');
        return { msg: 'You have been successfully logged out' };
      },
    );

    app.post(
      '/api/user/change-password',
      {
        schema: {
          tags,
          summary:
            'Change the password: every session of the account ends and the caller gets a new one',
          security: [{ bearer: [] }],
          body: ServerChangePasswordBody,
          response: { 200: ChangePasswordResponse, ...errors(400, 401, 403, 409, 429) },
        },
        preHandler: context.authenticate,
      },
      async (request) =>
        accounts.changePassword(db, tokens, checkedBuyer(request), request.body, {
          now: now(),
          failures: limiters.failedLoginsPerAccount,
        }),
    );

    app.post(
      '/api/user/change-email',
      {
        schema: {
          tags,
          summary:
            'Ask to change the email: a single-use link to the new address, a notice to the current one (the same answer whether or not the new address has an account)',
          security: [{ bearer: [] }],
          body: ChangeEmailBody,
          response: { 202: MessageResponse, ...errors(400, 401, 403, 429) },
        },
        preHandler: [
          context.authenticate,
          limitBy(limiters.emailChangePerAddress, byAddress),
          limitBy(limiters.emailChangePerAccount, byAccount),
        ],
      },
      async (request, reply) => {
        const msg = await requestEmailChange(db, checkedBuyer(request), request.body, {
          ...accountContext(),
          failures: limiters.failedLoginsPerAccount,
        });
        return reply.status(202).send({ msg });
      },
    );

    app.post(
      '/api/user/change-email/confirm',
      {
        schema: {
          tags,
          summary: 'Move the account to its new email with the token of the link mailed there',
          body: ConfirmEmailChangeBody,
          response: { 200: MessageResponse, ...errors(400, 409, 429) },
        },
        preHandler: limitBy(limiters.emailChangeSubmitPerAddress, byAddress),
      },
      async (request) => ({ msg: await confirmEmailChange(db, request.body.token, now()) }),
    );

    app.get(
      '/api/user/me',
      {
        schema: {
          tags,
          summary: 'The signed-in buyer’s profile',
          security: [{ bearer: [] }],
          response: { 200: UserProfile, ...errors(401, 403) },
        },
        preHandler: context.authenticate,
      },
      async (request) => accounts.profile(db, checkedBuyer(request)),
    );

    app.patch(
      '/api/user/me',
      {
        schema: {
          tags,
          summary:
            'Edit the signed-in buyer’s contact and company details (a changed GSTIN is checked again)',
          security: [{ bearer: [] }],
          body: ProfileUpdateBody,
          response: { 200: UserProfile, ...errors(400, 401, 403) },
        },
        preHandler: context.authenticate,
      },
      async (request) => accounts.updateProfile(db, checkedBuyer(request), request.body, now()),
    );
  };
}
