/**
 * Where the local services answer when nothing says otherwise: the ports `scripts/services.sh`
 * starts them on. Written once here; every process's config module and every test, bench and
 * end-to-end harness takes its default from this table. No zod, no I/O, so any module may import it.
 */
export const SERVICE_DEFAULTS = {
  databaseUrl: 'postgres://qahwa:qahwa@127.0.0.1:5432/qahwa',
  /** The database tests use; `scripts/db.sh test` recreates it. */
  testDatabaseUrl: 'postgres://qahwa:qahwa@127.0.0.1:5432/qahwa_test',
  natsUrl: 'nats://127.0.0.1:4222',
  temporalAddress: '127.0.0.1:7233',
  temporalNamespace: 'default',
  gatewayUrl: 'http://127.0.0.1:4000',
  stripeApiBase: 'http://127.0.0.1:12111',
  /** The Tabby fake (fakes/tabby, docs/tabby.md); production sets TABBY_API_BASE to Tabby's host. */
  tabbyApiBase: 'http://127.0.0.1:4010',
  tabbyFakePort: 4010,
  /** MailDev's SMTP port (scripts/services.sh); production sets SMTP_URL to its provider. */
  smtpUrl: 'smtp://127.0.0.1:1025',
  /** MailDev's web inbox and REST API (tests read caught mail there). */
  maildevApiUrl: 'http://127.0.0.1:1080',
  mailFrom: 'qahwa <orders@qahwa.local>',
  staffNotifyEmail: 'team@qahwa.local',
  /** The storefront's origin, for links in e-mails (order, restored cart). */
  storeUrl: 'http://127.0.0.1:3000',
  /** The back office's origin, for the one-time set-password links staff are e-mailed (docs/users.md). */
  backOfficeUrl: 'http://127.0.0.1:3001',
  /** The Brevo fake (fakes/brevo, docs/crm.md); production sets BREVO_API_BASE to https://api.brevo.com. */
  brevoApiBase: 'http://127.0.0.1:4020',
  brevoFakePort: 4020,
} as const;

/**
 * Development and test values of the Tabby settings: the fake accepts them. They are public, so
 * production refuses the secret key and the webhook header value (each process's config module).
 */
export const TABBY_DEV_DEFAULTS = {
  TABBY_SECRET_KEY: 'sk_test_qahwa_tabby_fake',
  TABBY_PUBLIC_KEY: 'pk_test_qahwa_tabby_fake',
  TABBY_MERCHANT_CODE: 'GR',
  TABBY_WEBHOOK_HEADER_TITLE: 'X-Qahwa-Tabby-Token',
  TABBY_WEBHOOK_HEADER_VALUE: 'dev_tabby_webhook_qahwa',
  TABBY_PROMO_SCRIPT_URL: 'http://127.0.0.1:4010/tabby-promo.js',
} as const;
