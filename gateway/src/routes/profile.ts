import { hash, verify } from '@node-rs/argon2';
import { ErrorBody, isLocale, localize } from '@qahwa/schema';
import {
  ChangePassword,
  StaffDone,
  StaffProfile,
  UpdateStaffProfile,
} from '@qahwa/schema/contracts/staff-admin';
import { STAFF_MESSAGES } from '@qahwa/schema/staff/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicRoute } from '../auth/access';
import { SESSION_COOKIE } from '../auth/session';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import { checkPassword, staffHttpError } from './admin-users';
import { accountLocked, setLocaleCookie } from './auth';

/** Any signed-in member of staff, acting on their own account only: no module to check. */
async function signedIn(req: FastifyRequest) {
  const user = await req.sessionUser();
  if (!user) throw new HttpError(401, 'UNAUTHENTICATED', t('signInRequired', localeOf(req.headers)));
  return user;
}

/** The raw session token of this request (the one the password change keeps). */
function sessionToken(req: FastifyRequest): string {
  const raw = req.cookies[SESSION_COOKIE];
  const unsigned = raw ? req.unsignCookie(raw) : null;
  return unsigned?.valid && unsigned.value ? unsigned.value : '';
}

function profileOf(u: {
  id: string;
  email: string;
  name: string;
  role: string;
  locale: string | null;
}): StaffProfile {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    locale: isLocale(u.locale) ? u.locale : null,
  };
}

/**
 * /backend/profile (docs/users.md): name, language, password. Open to every signed-in
 * member of staff (as canAccessBackendPath opens the page), always about the caller's own account:
 * no id in any path, so nobody reaches another's profile. Declared public for the access table
 * (it has no module); the session is checked first by `signedIn`.
 */
export async function profileRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  const repo = app.repos.staffAdmin;
  const staff = app.repos.staff;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const own = { ...publicRoute(), onRequest: async (req: FastifyRequest) => void (await signedIn(req)) };

  r.get(
    '/api/profile',
    { ...own, schema: { response: { 200: StaffProfile, 401: ErrorBody } } },
    async (req) => {
      const user = await signedIn(req);
      const row = await repo.own(user.id);
      if (!row) throw new HttpError(401, 'UNAUTHENTICATED', t('signInRequired', localeOf(req.headers)));
      return profileOf(row);
    },
  );

  r.patch(
    '/api/profile',
    { ...own, schema: { body: UpdateStaffProfile, response: { 200: StaffProfile, 401: ErrorBody } } },
    async (req, reply) => {
      const user = await signedIn(req);
      const row = await repo.updateProfile(user.id, req.body, req.id).catch((e) => {
        throw staffHttpError(e, localeOf(req.headers));
      });
      const profile = profileOf(row);
      // The saved language applies now, not only from the next sign-in.
      if (profile.locale) setLocaleCookie(reply, profile.locale);
      return profile;
    },
  );

  /*
   * The current password is required (a session left open on a shared computer must not be
   * enough to take the account); a wrong one counts as a failed sign-in of the account and locks
   * the same way. On success every other session of the account ends; this one stays.
   */
  r.post(
    '/api/profile/password',
    {
      ...own,
      config: { ...own.config, rateLimit: config.rateLimits.signIn },
      schema: { body: ChangePassword, response: { 200: StaffDone, 401: ErrorBody } },
    },
    async (req) => {
      const locale = localeOf(req.headers);
      const user = await signedIn(req);
      const locked = await staff.signInLockedUntil(user.email);
      if (locked) throw accountLocked(locked, locale);
      const row = await repo.own(user.id);
      if (!row) throw new HttpError(401, 'UNAUTHENTICATED', t('signInRequired', locale));
      const ok = await verify(row.passwordHash, req.body.currentPassword).catch(() => false);
      if (!ok) {
        const lockedUntil = await staff.recordSignInFailure(user.email, config.signIn);
        req.log.warn(
          { userId: user.id, locked: lockedUntil !== null },
          'password change: wrong current password',
        );
        const message = localize(STAFF_MESSAGES.WRONG_PASSWORD, locale);
        // 400, not 401: the session is fine; a 401 would send the back office to sign-in.
        throw new HttpError(400, 'WRONG_PASSWORD', message, {
          issues: [{ path: '/body/currentPassword', message }],
        });
      }
      checkPassword(req.body.newPassword, 'newPassword', locale);
      if (req.body.newPassword === req.body.currentPassword) {
        const message = localize(STAFF_MESSAGES.SAME_PASSWORD, locale);
        throw new HttpError(400, 'SAME_PASSWORD', message, {
          issues: [{ path: '/body/newPassword', message }],
        });
      }
      await staff.clearSignInFailures(user.email);
      const changed = await repo.changePassword(
        user.id,
        row.passwordHash,
        await hash(req.body.newPassword),
        sessionToken(req),
        req.id,
      );
      // Another change won between our check and our write: the password we checked is gone.
      if (!changed) {
        const message = localize(STAFF_MESSAGES.WRONG_PASSWORD, locale);
        throw new HttpError(400, 'WRONG_PASSWORD', message, {
          issues: [{ path: '/body/currentPassword', message }],
        });
      }
      req.log.info({ userId: user.id }, 'password changed; other sessions ended');
      return { success: true as const };
    },
  );
}
