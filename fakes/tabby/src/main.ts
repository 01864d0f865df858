import { SERVICE_DEFAULTS, TABBY_DEV_DEFAULTS } from '@qahwa/schema/reference';
import { startTabbyFake } from './server';

/**
 * The Tabby fake as a process (scripts/dev.sh starts it on :4010): webhooks go to the gateway
 * with the development static header, the secret key is the development one. Settings from the
 * environment, named as the store's own (TABBY_SECRET_KEY, TABBY_WEBHOOK_HEADER_*).
 */
const env = process.env;
const fake = await startTabbyFake({
  port: Number(env.TABBY_FAKE_PORT ?? SERVICE_DEFAULTS.tabbyFakePort),
  // In a container: listen on every interface, and name the hosted page by the address the
  // shopper's browser reaches (docker-compose.yml).
  host: env.TABBY_FAKE_HOST || '127.0.0.1',
  ...(env.TABBY_FAKE_PUBLIC_URL ? { publicUrl: env.TABBY_FAKE_PUBLIC_URL } : {}),
  secretKey: env.TABBY_SECRET_KEY || TABBY_DEV_DEFAULTS.TABBY_SECRET_KEY,
  webhookUrl: env.TABBY_FAKE_WEBHOOK_URL ?? `${SERVICE_DEFAULTS.gatewayUrl}/api/webhooks/tabby`,
  webhookHeader: {
    title: env.TABBY_WEBHOOK_HEADER_TITLE || TABBY_DEV_DEFAULTS.TABBY_WEBHOOK_HEADER_TITLE,
    value: env.TABBY_WEBHOOK_HEADER_VALUE || TABBY_DEV_DEFAULTS.TABBY_WEBHOOK_HEADER_VALUE,
  },
  log: (line) => console.log(JSON.stringify(line)),
});
console.log(JSON.stringify({ msg: 'tabby fake listening', url: fake.url }));
const stop = () => void fake.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
