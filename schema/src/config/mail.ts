import { z } from 'zod';
import { SERVICE_DEFAULTS } from '../reference/services';

/** E-mail settings of the processes that send (workflows, workers, the gateway's checkout worker). */
export interface MailSettings {
  /** `smtp://host:1025` (MailDev), `smtps://user:pass@host:465`, `smtp://user:pass@host:587` (STARTTLS). */
  smtpUrl: string;
  /** The sender, `name <address>`. */
  from: string;
  /** Where a new contact message is announced to staff. */
  staffNotifyEmail: string;
  /** The storefront's origin, for links in e-mails. */
  storeUrl: string;
  /**
   * Each address's mail per 24 hours (docs/email.md "The daily budget"): `perDay` of the mail a
   * stranger can trigger (contact, newsletter, cart recovery), `ordersPerDay` order confirmations.
   */
  budget: { perDay: number; ordersPerDay: number };
}

/** The mail variables (spread into a process's env schema). */
export const MailEnv = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'an smtp:// or smtps:// URL')
    .default(SERVICE_DEFAULTS.smtpUrl),
  MAIL_FROM: z.string().min(3).default(SERVICE_DEFAULTS.mailFrom),
  STAFF_NOTIFY_EMAIL: z.email().default(SERVICE_DEFAULTS.staffNotifyEmail),
  STOREFRONT_URL: z.url().default(SERVICE_DEFAULTS.storeUrl),
  MAIL_DAILY_BUDGET: z.coerce.number().int().min(1).max(1000).default(10),
  MAIL_DAILY_ORDER_BUDGET: z.coerce.number().int().min(1).max(10_000).default(50),
};

type MailEnvValues = {
  SMTP_URL: string;
  MAIL_FROM: string;
  STAFF_NOTIFY_EMAIL: string;
  STOREFRONT_URL: string;
  MAIL_DAILY_BUDGET: number;
  MAIL_DAILY_ORDER_BUDGET: number;
};

/**
 * No production refusal: the Docker demo runs in production mode against MailDev with the
 * development sender, and a wrong sender loses no money. docs/email.md asks a real MAIL_FROM.
 */
export function mailSettingsOf(e: MailEnvValues): MailSettings {
  return {
    smtpUrl: e.SMTP_URL,
    from: e.MAIL_FROM,
    staffNotifyEmail: e.STAFF_NOTIFY_EMAIL,
    storeUrl: e.STOREFRONT_URL.replace(/\/+$/, ''),
    budget: { perDay: e.MAIL_DAILY_BUDGET, ordersPerDay: e.MAIL_DAILY_ORDER_BUDGET },
  };
}
