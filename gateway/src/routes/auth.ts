import { verify } from '@node-rs/argon2';
import {
  ErrorBody,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  LoginRequest,
  SessionResponse,
} from '@qahwa/schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE, SESSION_COOKIE_PATH, sessionToken } from '../auth/session';
import type { GatewayConfig } from '../config';
import { localeOf, t } from '../i18n/messages';
import { HttpError } from '../platform/errors';

// A real hash to verify against when the e-mail is unknown, so timing does not reveal which e-mails exist.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0ZrIhh1Y5Ey3q6m8AIt7qkRk3IXgpb1nCk0l0Ap8Zi0';

/** 429 with Retry-After: the account's failures reached the limit; the password is not even checked. */
export function accountLocked(until: Date, locale: Locale) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new HttpError(
    429,
    'ACCOUNT_LOCKED',
    t('accountLocked', locale, { minutes: Math.ceil(seconds / 60) }),
    {},
    { 'retry-after': String(seconds) },
  );
}

/**
 * Sets the staff session cookie and, when the account has a saved language (the profile's,
 * users.locale), the language cookie the back office renders with: the saved choice wins after
 * every sign-in (docs/users.md). Used by sign-in and by the one-time set-password link.
 */
export function setSessionCookies(
  reply: FastifyReply,
  config: GatewayConfig,
  session: { token: string; expiresAt: Date },
  locale: string | null | undefined,
): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    // Only the back office's own paths carry it: the storefront (same host in development, maybe
    // the same site in production) never sends it, so no storefront request can act as staff.
    // The admin app reaches the gateway's /api/* under /backend/api/*. Strict: never sent on a
    // request that starts on another site. docs/security.md has the reasoning.
    path: SESSION_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.env === 'production',
    signed: true,
    expires: session.expiresAt,
  });
  if (isLocale(locale)) setLocaleCookie(reply, locale);
}

/** The language cookie both apps read (not httpOnly: the admin's language menu rewrites it). */
export function setLocaleCookie(reply: FastifyReply, locale: Locale): void {
  reply.setCookie(LOCALE_COOKIE, locale, { path: '/', sameSite: 'lax', maxAge: 60 * 60 * 24 * 365 });
}

/** Staff sign-in with an httpOnly, signed session cookie; SPEC 7 GET /api/auth/session. */
export async function authRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  const staff = app.repos.staff;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = config.signIn;

  r.post(
    '/api/auth/login',
    {
      schema: { body: LoginRequest, response: { 200: SessionResponse, 401: ErrorBody } },
      // Per address (the client's, as told by our own proxies only); the per-account limit below
      // holds even against an attacker with many addresses.
      config: { access: 'public', rateLimit: config.rateLimits.signIn },
    },
    async (req, reply) => {
      const { email, password } = req.body;
      const locale = localeOf(req.headers);
      const locked = await staff.signInLockedUntil(email);
      if (locked) throw accountLocked(locked, locale);

      const user = await staff.findByEmail(email);
      const ok = await verify(user?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
      if (!user || !ok || !user.isActive) {
        // Counted for unknown e-mails too, so the limit does not reveal which accounts exist.
        // The e-mail is not logged: it is personal data, and often a password typed in the wrong
        // field; the request id ties the line to the attempt.
        const lockedUntil = await staff.recordSignInFailure(email, limits);
        req.log.warn({ locked: lockedUntil !== null }, 'sign-in refused');
        throw new HttpError(401, 'INVALID_CREDENTIALS', t('invalidCredentials', locale));
      }
      await staff.clearSignInFailures(email);
      // The browser's previous session (whoever's it was) ends here: one browser, one session.
      const session = await staff.replaceSession(sessionToken(req), user.id, config.sessionTtlMs);
      setSessionCookies(reply, config, session, user.locale);
      req.log.info({ userId: user.id }, 'signed in');
      return {
        user: {
          id: user.id,
          role: user.role,
          permissions: user.permissions,
          email: user.email,
          name: user.name,
        },
      };
    },
  );

  r.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ success: z.boolean() }) } } },
    async (req, reply) => {
      const token = sessionToken(req);
      if (token) await staff.deleteSession(token);
      reply.clearCookie(SESSION_COOKIE, { path: SESSION_COOKIE_PATH });
      return { success: true };
    },
  );

  r.get(
    '/api/auth/session',
    { config: { access: 'public' }, schema: { response: { 200: SessionResponse } } },
    async (req) => ({
      user: await req.sessionUser(),
    }),
  );
}
