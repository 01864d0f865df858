import { hash } from '@node-rs/argon2';
import { type AdminChange, isStaffAdminError, StaffAdminError, type StaffAdminErrorCode } from '@qahwa/db';
import type { Mailer } from '@qahwa/mail';
import { ErrorBody, type Locale, localize, SessionResponse } from '@qahwa/schema';
import {
  InviteStaff,
  SetPassword,
  StaffLinkCheck,
  StaffLinkInfo,
  StaffLinkSent,
  StaffUser,
  StaffUserList,
  StaffUserParams,
  StaffUserQuery,
  StaffVersion,
  UpdateStaff,
} from '@qahwa/schema/contracts';
import { PASSWORD_MESSAGES, passwordProblem, STAFF_MESSAGES } from '@qahwa/schema/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor, publicRoute, staffOnly } from '../auth/access';
import { sessionToken } from '../auth/session';
import { localeOf } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import { setSessionCookies } from './auth';
import { mailAdminChange, mailLink } from './staff-mail';

const STATUS: Record<StaffAdminErrorCode, number> = {
  USER_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  STALE_USER: 409,
  LAST_ADMIN: 409,
  SELF_CHANGE: 409,
  SELF_RESET: 409,
  NOT_INVITED: 409,
  STILL_INVITED: 409,
  INACTIVE_USER: 409,
  LINK_INVALID: 404,
  LINK_USED: 410,
  LINK_EXPIRED: 410,
  ADMIN_ONLY: 403,
  GRANT_NOT_HELD: 403,
  ACCOUNT_ABOVE: 403,
};

/** A refusal of the staff repository as the one error body, in the caller's language. */
export function staffHttpError(e: unknown, locale: Locale): unknown {
  if (!isStaffAdminError(e)) return e;
  return new HttpError(STATUS[e.code], e.code, localize(STAFF_MESSAGES[e.code], locale));
}

/** The shared password rule, as a 400 naming the field, in the caller's language. */
export function checkPassword(password: string, field: string, locale: Locale): void {
  const problem = passwordProblem(password);
  if (!problem) return;
  const message = localize(PASSWORD_MESSAGES[problem], locale);
  throw new HttpError(400, 'WEAK_PASSWORD', message, { issues: [{ path: `/body/${field}`, message }] });
}

/**
 * The users screen (docs/users.md): staff accounts, invitations, resets, roles and the
 * permission grid, deactivation. Reads need 'users' view, writes 'users' edit; every write is
 * audited in its own transaction and the last-administrator rule is the repository's.
 */
export async function adminUserRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  const repo = app.repos.staffAdmin;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: ErrorBody, 403: ErrorBody };
  const mailDeps = { db: app.deps.db, mailer: app.deps.mailer as Mailer, logger: app.log };
  const refused = (req: FastifyRequest) => (e: unknown) => {
    throw staffHttpError(e, localeOf(req.headers));
  };
  const inviterName = async (req: FastifyRequest) => (await req.sessionUser())?.name ?? 'qahwa';
  /** Mails the other administrators when a write changed who administers the store. */
  const announce = async (req: FastifyRequest, change: AdminChange | null) => {
    if (!change) return;
    const me = await req.sessionUser();
    const recipients = await repo.adminRecipients([me?.id ?? null, change.account.id]);
    req.log.info(
      { userId: change.account.id, change: change.kind, recipients: recipients.length },
      'administrator change',
    );
    await mailAdminChange(
      mailDeps,
      recipients,
      change,
      { name: me?.name ?? 'qahwa', email: me?.email ?? '' },
      config.staffLinks.backOfficeUrl,
      req.id,
    );
  };

  r.get(
    '/api/admin/users',
    {
      ...staffOnly('users'),
      schema: { querystring: StaffUserQuery, response: { 200: StaffUserList, ...denied } },
    },
    async (req) => repo.list(req.query),
  );

  r.get(
    '/api/admin/users/:id',
    {
      ...staffOnly('users'),
      schema: { params: StaffUserParams, response: { 200: StaffUser, ...denied, 404: ErrorBody } },
    },
    async (req) => {
      const user = await repo.get(req.params.id);
      if (!user) throw staffHttpError(new StaffAdminError('USER_NOT_FOUND'), localeOf(req.headers));
      return user;
    },
  );

  r.post(
    '/api/admin/users',
    {
      ...staffOnly('users', 'edit'),
      schema: { body: InviteStaff, response: { 201: StaffLinkSent, ...denied, 409: ErrorBody } },
    },
    async (req, reply) => {
      const link = await repo
        .invite(await auditActor(req), req.body, config.staffLinks.ttlMs, req.id)
        .catch(refused(req));
      const mailSent = await mailLink(
        mailDeps,
        link,
        'invite',
        await inviterName(req),
        config.staffLinks.backOfficeUrl,
        req.id,
      );
      await announce(req, link.adminChange);
      reply.code(201);
      return { user: link.account, mailSent };
    },
  );

  r.patch(
    '/api/admin/users/:id',
    {
      ...staffOnly('users', 'edit'),
      schema: {
        params: StaffUserParams,
        body: UpdateStaff,
        response: { 200: StaffUser, ...denied, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (req) => {
      const done = await repo
        .update(await auditActor(req), req.params.id, req.body, req.id)
        .catch(refused(req));
      await announce(req, done.adminChange);
      return done.account;
    },
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    r.post(
      `/api/admin/users/:id/${action}`,
      {
        ...staffOnly('users', 'edit'),
        schema: {
          params: StaffUserParams,
          body: StaffVersion,
          response: { 200: StaffUser, ...denied, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (req) => {
        const done = await repo
          .setActive(await auditActor(req), req.params.id, active, req.body.version, req.id)
          .catch(refused(req));
        await announce(req, done.adminChange);
        return done.account;
      },
    );
  }

  for (const [action, purpose] of [
    ['resend-invite', 'invite'],
    ['reset-password', 'reset'],
  ] as const) {
    r.post(
      `/api/admin/users/:id/${action}`,
      {
        ...staffOnly('users', 'edit'),
        schema: {
          params: StaffUserParams,
          response: { 200: StaffLinkSent, ...denied, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (req) => {
        const link = await repo
          .issueLink(await auditActor(req), req.params.id, purpose, config.staffLinks.ttlMs, req.id)
          .catch(refused(req));
        const mailSent = await mailLink(
          mailDeps,
          link,
          purpose,
          await inviterName(req),
          config.staffLinks.backOfficeUrl,
          req.id,
        );
        return { user: link.account, mailSent };
      },
    );
  }

  await app.register(staffLinkRoutes);
}

/**
 * The public end of a one-time link: who it is for (the page's greeting), then the password.
 * POST both: the token never sits in a URL a log or a proxy keeps. Limited per address like
 * sign-in; the token itself (256 random bits) cannot be guessed.
 */
async function staffLinkRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  const repo = app.repos.staffAdmin;
  const staff = app.repos.staff;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = publicRoute({ rateLimit: config.rateLimits.signIn });
  const linkErrors = { 404: ErrorBody, 410: ErrorBody };

  r.post(
    '/api/auth/set-password/check',
    { ...limited, schema: { body: StaffLinkCheck, response: { 200: StaffLinkInfo, ...linkErrors } } },
    async (req) =>
      repo.checkLink(req.body.token).catch((e) => {
        throw staffHttpError(e, localeOf(req.headers));
      }),
  );

  r.post(
    '/api/auth/set-password',
    { ...limited, schema: { body: SetPassword, response: { 200: SessionResponse, ...linkErrors } } },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      checkPassword(req.body.password, 'password', locale);
      // Checked first so a used or expired link says so before argon2 spends its time.
      await repo.checkLink(req.body.token).catch((e) => {
        throw staffHttpError(e, locale);
      });
      const used = await repo.useLink(req.body.token, await hash(req.body.password), req.id).catch((e) => {
        throw staffHttpError(e, locale);
      });
      // Signed in at once: the person just proved they hold the link the e-mail carried. Like a
      // sign-in, it ends the session this browser held before (whoever's it was).
      await staff.clearSignInFailures(used.email);
      const session = await staff.replaceSession(sessionToken(req), used.id, config.sessionTtlMs);
      const user = await staff.userForSession(session.token);
      const own = await repo.own(used.id);
      setSessionCookies(reply, config, session, own?.locale);
      req.log.info({ userId: used.id, purpose: used.purpose }, 'password set by one-time link');
      return { user };
    },
  );
}
