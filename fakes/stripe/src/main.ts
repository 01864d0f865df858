import { StripeDouble } from './double';

/**
 * The Stripe double as a process (scripts/dev.sh starts it on :12120): events go to the
 * gateway's webhook, signed with the development webhook secret. Settings from the environment.
 */
const port = Number(process.env.STRIPE_DOUBLE_PORT ?? 12120);
const double = new StripeDouble({
  webhookUrl: process.env.STRIPE_DOUBLE_WEBHOOK_URL ?? 'http://127.0.0.1:4000/api/webhooks/stripe',
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_dev_qahwa_double',
  onDelivery: (d) => console.log(JSON.stringify({ msg: 'webhook delivered', ...d })),
});
// In a container (docker-compose.yml's demo profile): every interface, for the gateway and storefront.
await double.listen(port, process.env.STRIPE_DOUBLE_HOST || '127.0.0.1');
console.log(JSON.stringify({ msg: 'stripe double listening', url: double.url }));
const stop = () => void double.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
