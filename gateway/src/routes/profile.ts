import { ErrorBody, isLocale } from '@qahwa/schema';
import { ChangePassword, StaffDone, StaffProfile, UpdateStaffProfile } from '@qahwa/schema/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicRoute } from '../auth/access';
import { createPasswordChange } from '../auth/password-change';
import { SESSION_COOKIE } from '../auth/session';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import { staffHttpError } from './admin-users';
import { setLocaleCookie } from './auth';

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
  const changeOwnPassword = createPasswordChange({ repos: app.repos, config });
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

  // The current password is checked first, and a wrong one counts as a failed sign-in (auth/password-change.ts).
  r.post(
    '/api/profile/password',
    {
      ...own,
      config: { ...own.config, rateLimit: config.rateLimits.signIn },
      schema: { body: ChangePassword, response: { 200: StaffDone, 401: ErrorBody } },
    },
    async (req) => {
      const user = await signedIn(req);
      return changeOwnPassword({
        user,
        body: req.body,
        sessionToken: sessionToken(req),
        locale: localeOf(req.headers),
        requestId: req.id,
        log: req.log,
      });
    },
  );
}
