import { verify } from '@node-rs/argon2';
import { createStaffRepository } from '@qahwa/db';
import { ErrorBody, LoginRequest, SessionResponse } from '@qahwa/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from '../auth/session';
import { localeOf, t } from '../i18n/messages';

// A real hash to verify against when the e-mail is unknown, so timing does not reveal which e-mails exist.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0ZrIhh1Y5Ey3q6m8AIt7qkRk3IXgpb1nCk0l0Ap8Zi0';

/** Staff sign-in with an httpOnly, signed session cookie; SPEC 7 GET /api/auth/session. */
export async function authRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  const staff = createStaffRepository(app.deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.env === 'production',
    signed: true,
  };

  r.post(
    '/api/auth/login',
    {
      schema: { body: LoginRequest, response: { 200: SessionResponse, 401: ErrorBody } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const user = await staff.findByEmail(req.body.email);
      const ok = await verify(user?.passwordHash ?? DUMMY_HASH, req.body.password).catch(() => false);
      if (!user || !ok || !user.isActive) {
        req.log.warn({ email: req.body.email }, 'sign-in refused');
        return reply.code(401).send({ error: t('invalidCredentials', localeOf(req.headers)) });
      }
      const session = await staff.createSession(user.id, config.sessionTtlMs);
      reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions, expires: session.expiresAt });
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
    { schema: { response: { 200: z.object({ success: z.boolean() }) } } },
    async (req, reply) => {
      const raw = req.cookies[SESSION_COOKIE];
      const unsigned = raw ? req.unsignCookie(raw) : null;
      if (unsigned?.valid && unsigned.value) await staff.deleteSession(unsigned.value);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true };
    },
  );

  r.get('/api/auth/session', { schema: { response: { 200: SessionResponse } } }, async (req) => ({
    user: await req.sessionUser(),
  }));
}
