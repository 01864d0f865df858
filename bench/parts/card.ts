import type { Product } from '@qahwa/schema';
import { pacedCardOrders } from '../order-intake';
import { type Figure, figure } from '../report';
import type { Bench } from '../stack';

/** The `card` part: card orders paid at the Stripe double at a steady rate, the order's latency after payment. */
export async function cardPart(bench: Bench, figures: Figure[]) {
  const { gateway, knobs, run } = bench;
  const product = (await (await fetch(`${gateway}/api/products/colombian-supremo`)).json()) as Product;
  const card = await pacedCardOrders(gateway, bench.stripeUrl, product, {
    run,
    rate: knobs.cardRate,
    seconds: knobs.cardSeconds,
    firstIndex: 500_000,
  });
  figures.push(
    figure('card: orders answered', card.ok, 'orders', ['=', card.sent]),
    figure('card: POST /api/orders p50 (after payment)', card.order.p50, 'ms'),
    figure('card: POST /api/orders p95 (after payment)', card.order.p95, 'ms'),
    figure('card: POST /api/orders p99 (after payment)', card.order.p99, 'ms'),
    figure('card: intent + confirm + order p50', card.flow.p50, 'ms'),
    figure('card: intent + confirm + order p95', card.flow.p95, 'ms'),
    figure('card: errors', card.errors, 'requests', ['=', 0]),
  );
  if (card.errorSamples.length) console.log(`card errors, first ones:\n  ${card.errorSamples.join('\n  ')}`);
}
