import { hash, verify } from '@node-rs/argon2';
import { type Locale, localize } from '@qahwa/schema';
import type { ChangePassword, StaffDone } from '@qahwa/schema/contracts';
import { STAFF_MESSAGES } from '@qahwa/schema/staff';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { GatewayConfig } from '../config';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import type { Repositories } from '../repositories/plugin';
import { checkPassword } from '../routes/admin-users';
import { accountLocked } from '../routes/auth';

export interface PasswordChangeDeps {
  repos: Pick<Repositories, 'staff' | 'staffAdmin'>;
  config: Pick<GatewayConfig, 'signIn'>;
}

export interface PasswordChangeRequest {
  /** The signed-in member of staff: only their own account is ever changed. */
  user: { id: string; email: string };
  body: z.infer<typeof ChangePassword>;
  /** This request's session token: the one session the change keeps. */
  sessionToken: string;
  locale: Locale;
  requestId: string;
  log: FastifyBaseLogger;
}

const wrongPassword = (locale: Locale) => {
  const message = localize(STAFF_MESSAGES.WRONG_PASSWORD, locale);
  // 400, not 401: the session is fine; a 401 would send the back office to sign-in.
  return new HttpError(400, 'WRONG_PASSWORD', message, {
    issues: [{ path: '/body/currentPassword', message }],
  });
};

/**
 * A member of staff changing their own password (POST /api/profile/password, docs/users.md).
 * The current password is required (a session left open on a shared computer must not be
 * enough to take the account); a wrong one counts as a failed sign-in of the account and locks
 * the same way. On success every other session of the account ends; this one stays.
 */
export function createPasswordChange({ repos, config }: PasswordChangeDeps) {
  const { staff, staffAdmin } = repos;

  return async function changeOwnPassword(req: PasswordChangeRequest): Promise<z.infer<typeof StaffDone>> {
    const { user, body, locale } = req;
    const locked = await staff.signInLockedUntil(user.email);
    if (locked) throw accountLocked(locked, locale);
    const row = await staffAdmin.own(user.id);
    if (!row) throw new HttpError(401, 'UNAUTHENTICATED', t('signInRequired', locale));
    const ok = await verify(row.passwordHash, body.currentPassword).catch(() => false);
    if (!ok) {
      const lockedUntil = await staff.recordSignInFailure(user.email, config.signIn);
      req.log.warn(
        { userId: user.id, locked: lockedUntil !== null },
        'password change: wrong current password',
      );
      throw wrongPassword(locale);
    }
    checkPassword(body.newPassword, 'newPassword', locale);
    if (body.newPassword === body.currentPassword) {
      const message = localize(STAFF_MESSAGES.SAME_PASSWORD, locale);
      throw new HttpError(400, 'SAME_PASSWORD', message, {
        issues: [{ path: '/body/newPassword', message }],
      });
    }
    await staff.clearSignInFailures(user.email);
    const changed = await staffAdmin.changePassword(
      user.id,
      row.passwordHash,
      await hash(body.newPassword),
      req.sessionToken,
      req.requestId,
    );
    // Another change won between our check and our write: the password we checked is gone.
    if (!changed) throw wrongPassword(locale);
    req.log.info({ userId: user.id }, 'password changed; other sessions ended');
    return { success: true as const };
  };
}
