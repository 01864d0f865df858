/**
 * Reads MailDev's REST API (https://github.com/maildev/maildev/blob/master/docs/rest.md) so tests
 * assert on the mail a real SMTP send delivered. MailDev is shared by everyone's tests: filter by
 * your own unique recipients and delete only your own messages (never `clear()` in shared runs).
 */
export interface CaughtMail {
  id: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string | string[]>;
  to: { address: string; name: string }[];
  from: { address: string; name: string }[];
  date: string;
  messageId?: string;
}

export interface MailCatcher {
  /** Every caught message addressed to `email` (case-blind), oldest first. */
  messagesTo(email: string): Promise<CaughtMail[]>;
  /** Polls until a message matches; rejects after `timeoutMs` with what it saw. */
  waitForMessage(predicate: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** Deletes one message by id. */
  remove(id: string): Promise<void>;
  /** Deletes ALL caught mail: only for a MailDev of your own. */
  clear(): Promise<void>;
  all(): Promise<CaughtMail[]>;
}

export const DEFAULT_MAILDEV_API = process.env.MAILDEV_API_URL ?? 'http://127.0.0.1:1080';

export function mailCatcher(apiUrl: string = DEFAULT_MAILDEV_API): MailCatcher {
  const base = apiUrl.replace(/\/$/, '');
  async function all(): Promise<CaughtMail[]> {
    const res = await fetch(`${base}/email`);
    if (!res.ok) throw new Error(`MailDev GET /email answered ${res.status}`);
    return (await res.json()) as CaughtMail[];
  }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  return {
    all,
    async messagesTo(email) {
      const want = email.toLowerCase();
      return (await all()).filter((m) => m.to.some((t) => t.address.toLowerCase() === want));
    },
    async waitForMessage(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await all()).find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no caught mail matched within ${timeoutMs} ms`);
        await sleep(200);
      }
    },
    async remove(id) {
      await fetch(`${base}/email/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    async clear() {
      await fetch(`${base}/email/all`, { method: 'DELETE' });
    },
  };
}
