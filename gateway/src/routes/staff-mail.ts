import { createHash } from 'node:crypto';
import type { AdminChange, Db, IssuedLink } from '@qahwa/db';
import { type Mailer, type MailLogger, sendEmailOnce } from '@qahwa/mail';

/*
 * The users screen's mail (docs/users.md): one-time links to colleagues, and the notice of a change
 * to the administrators. Sent by the gateway after the write commits; a failed send never undoes it.
 */

/**
 * E-mails a one-time link in the account's language, once per link (the `emails` table claims
 * (purpose, the token's hash)). A failed send is logged and reported, not thrown: the account and
 * its link are committed, and "Resend" issues a fresh link.
 */
export async function mailLink(
  deps: { db: Db; mailer: Mailer; logger: MailLogger },
  link: IssuedLink,
  purpose: 'invite' | 'reset',
  invitedBy: string,
  backOfficeUrl: string,
  requestId: string,
): Promise<boolean> {
  const { account } = link;
  const locale = account.locale ?? 'en';
  try {
    await sendEmailOnce(deps, {
      purpose: purpose === 'invite' ? 'staff-invite' : 'staff-reset',
      subjectId: createHash('sha256').update(link.token).digest('hex'),
      to: account.email,
      locale,
      requestId,
      template: {
        kind: 'staff-link',
        link: {
          purpose,
          name: account.name,
          email: account.email,
          invitedBy,
          // The token rides in the fragment: browsers never send it to a server, so no proxy,
          // access log or Referer holds it; the page posts it (docs/users.md).
          url: `${backOfficeUrl}/backend/login/set-password#token=${link.token}`,
          expiresAt: link.expiresAt.toISOString(),
        },
      },
    });
    return true;
  } catch (err) {
    deps.logger.error({ err, userId: account.id, purpose, requestId }, 'staff link e-mail failed');
    return false;
  }
}

/**
 * Tells every other active administrator, each in their own language, that someone became or
 * stopped being an administrator (docs/users.md). Once per change and recipient: the subject id is
 * the account, its version after the change, and the recipient. A failed send is logged, not
 * thrown: the change is committed and audited, and the audit log is the record.
 */
export async function mailAdminChange(
  deps: { db: Db; mailer: Mailer; logger: MailLogger },
  recipients: { id: string; email: string; name: string; locale: string | null }[],
  change: AdminChange,
  actor: { name: string; email: string },
  backOfficeUrl: string,
  requestId: string,
): Promise<void> {
  const at = new Date().toISOString();
  await Promise.all(
    recipients.map((r) =>
      sendEmailOnce(deps, {
        purpose: 'admin-change',
        subjectId: `${change.account.id}@${change.version}/${r.id}`,
        to: r.email,
        locale: r.locale === 'ar' ? 'ar' : 'en',
        requestId,
        template: {
          kind: 'admin-change',
          change: {
            change: change.kind,
            recipientName: r.name,
            actor,
            account: { name: change.account.name, email: change.account.email },
            at,
            accountUrl: `${backOfficeUrl}/backend/users/${change.account.id}`,
          },
        },
      }).catch((err) => {
        deps.logger.error(
          { err, userId: change.account.id, recipientId: r.id, change: change.kind, requestId },
          'administrator change e-mail failed',
        );
      }),
    ),
  );
}
