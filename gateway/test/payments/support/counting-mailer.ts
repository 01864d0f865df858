import type { Mailer, OutgoingMail } from '@qahwa/mail';

/**
 * An SMTP server that only counts (the mail provider is outside the store): every mail handed to
 * it, with its purpose (`X-Qahwa-Purpose`). Given to every sender of a test stack, it tells how
 * many mails left the store, however many paths could send one; the `emails` table tells what
 * the store thinks it sent.
 */
export function countingMailer() {
  const sent: { to: string; purpose: string; at: number }[] = [];
  const mailer: Mailer = {
    from: 'qahwa <orders@qahwa.test>',
    async send(mail: OutgoingMail) {
      sent.push({ to: mail.to, purpose: mail.headers?.['X-Qahwa-Purpose'] ?? '', at: Date.now() });
      return { messageId: mail.messageId ?? `<${sent.length}@qahwa.test>` };
    },
    async verify() {},
    close() {},
  };
  return {
    mailer,
    sent,
    /** How many mails of a purpose went to each address. */
    countsTo(purpose: string) {
      const counts = new Map<string, number>();
      for (const m of sent) if (m.purpose === purpose) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
      return counts;
    },
    /** Resolves once no mail was sent for `quietMs` (the senders are done), or after `maxMs`. */
    async quiet(quietMs = 1500, maxMs = 30_000) {
      const until = Date.now() + maxMs;
      while (Date.now() < until) {
        const last = sent.at(-1)?.at ?? 0;
        if (Date.now() - last >= quietMs) return;
        await new Promise((r) => setTimeout(r, 200));
      }
    },
  };
}
export type CountingMailer = ReturnType<typeof countingMailer>;
