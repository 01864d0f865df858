import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { DEFAULT_MAIL_BUDGET, type MailBudget } from './budget';

/** The few logger methods the mail code calls; pino's logger fits. */
export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** A stable Message-ID: clients that see the same id twice show one message. */
  messageId?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /**
   * The sender's display name for this mail (the store's name in the mail's language); the address
   * stays MAIL_FROM's. Absent: MAIL_FROM as configured.
   */
  fromName?: string;
}

/** The address part of `name <address>` (or the whole text). */
export const senderAddress = (from: string): string => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

export interface Mailer {
  /** The sender, `name <address>`; its domain also names our Message-IDs. */
  readonly from: string;
  /** Each address's daily budget (budget.ts): carried by the mailer, which every sender has; the defaults when absent. */
  readonly budget?: MailBudget;
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  /** Connects and says hello to the SMTP server (health checks). */
  verify(): Promise<void>;
  close(): void;
}

/** Timeouts short enough that one send always ends well inside the claim lease of sendEmailOnce. */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 } as const;

/** SMTP connections a process keeps open and reuses; a connection is renewed after this many mails. */
export const SMTP_POOL = { connections: 3, messagesPerConnection: 100 } as const;

export class MailSendError extends Error {
  override readonly name = 'MailSendError';
  readonly code = 'MAIL_SEND_FAILED';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
export function isMailSendError(e: unknown): e is MailSendError {
  return e instanceof Error && e.name === 'MailSendError';
}

/**
 * nodemailer over SMTP: `smtp://host:port` in development (MailDev), `smtps://user:pass@host:465`
 * or `smtp://…:587` (STARTTLS) in production. A pooled transport: one process sends many mails
 * over a few open connections instead of a connection, a greeting and a goodbye per mail.
 * The URL is parsed here because nodemailer takes a URL's options from the URL alone: the pool and
 * the timeouts must sit beside what it parsed (as a second argument they were mail defaults).
 */
export function createMailer(o: {
  smtpUrl: string;
  from: string;
  logger: MailLogger;
  /** MAIL_DAILY_BUDGET and MAIL_DAILY_ORDER_BUDGET (docs/email.md); the defaults when absent. */
  budget?: MailBudget;
  /** SMTP_TIMEOUTS_MS unless a test shortens them. */
  timeoutsMs?: { connection: number; greeting: number; socket: number };
}): Mailer {
  const timeouts = o.timeoutsMs ?? SMTP_TIMEOUTS_MS;
  const options: SMTPPool.Options = {
    ...parseConnectionUrl(o.smtpUrl),
    pool: true,
    maxConnections: SMTP_POOL.connections,
    maxMessages: SMTP_POOL.messagesPerConnection,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  };
  const transport = nodemailer.createTransport(options, { from: o.from });
  return {
    from: o.from,
    budget: o.budget ?? DEFAULT_MAIL_BUDGET,
    async send(mail) {
      try {
        const info = await transport.sendMail({
          // nodemailer quotes the name (a comma or an Arabic name stays one display name).
          from: mail.fromName ? { name: mail.fromName, address: senderAddress(o.from) } : o.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
          replyTo: mail.replyTo,
          headers: mail.headers,
        });
        return { messageId: String(info.messageId) };
      } catch (e) {
        throw new MailSendError(`SMTP send failed: ${(e as Error).message}`, { cause: e });
      }
    },
    async verify() {
      await transport.verify();
    },
    close() {
      transport.close();
    },
  };
}
