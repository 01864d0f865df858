import { type CaughtMail, mailCatcher } from '@qahwa/mail/testing';

/**
 * Waits for a mail the stack sent through real SMTP to MailDev, addressed to `address` (each test
 * uses recipients of its own: MailDev is shared) and, when given, whose subject contains `subject`.
 */
export function mailTo(
  address: string,
  options: { subject?: string; timeoutMs?: number } = {},
): Promise<CaughtMail> {
  const want = address.toLowerCase();
  return mailCatcher().waitForMessage(
    (m) =>
      m.to.some((t) => t.address.toLowerCase() === want) &&
      (options.subject === undefined || m.subject.includes(options.subject)),
    options.timeoutMs ?? 60_000,
  );
}
