// The cluster's smoke drill (scripts/cluster-smoke.sh runs it against a running `make cluster`):
// a cash-on-delivery order through HAProxy; kill -9 of one gateway, and the next order still goes
// through; kill -9 of the NATS server leading the event stream, and an order's events still reach
// the workers (its confirmation e-mail arrives). Prints how long each part took to come back.
// Exits non-zero if any check fails. docs/deploy.md has the figures.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

const LB = 'http://127.0.0.1:5200';
const HAPROXY_STATS = 'http://127.0.0.1:5201/;csv';
const MAILDEV = 'http://127.0.0.1:5214';
const NATS = ['nats://127.0.0.1:5222', 'nats://127.0.0.1:5223', 'nats://127.0.0.1:5224'];
const STREAM = process.env.EVENTS_STREAM || 'COMMERCE';

const cluster = (...args) => execFileSync('bash', ['scripts/cluster.sh', ...args], { stdio: 'inherit' });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const failures = [];
const figures = [];

function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

/** Polls `probe` every `everyMs` until it returns something truthy; the time it took, or null. */
async function until(probe, timeoutMs, everyMs = 200) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if (await probe()) return Date.now() - start;
    } catch {}
    await sleep(everyMs);
  }
  return null;
}

let product;
let variation;
async function pickProduct() {
  const products = await (await fetch(`${LB}/api/products?limit=100`)).json();
  for (const p of products) {
    // The storefront tells a count only near the threshold: no count is plenty (unitsAvailable).
    const v = p.variations.find((x) => x.inStock && (x.stockQuantity ?? Number.POSITIVE_INFINITY) > 50);
    if (v) {
      product = p;
      variation = v;
      return;
    }
  }
  throw new Error('no product with more than 50 in stock');
}

/** One cash-on-delivery order through the balancer, as the checkout posts it: { status, orderId }. */
let shopper = 0;
async function placeOrder(email) {
  // Each order from its own address (as shoppers are), so the per-address order limit counts them
  // apart: HAProxy appends its own hop, and the gateway trusts loopback proxies (TRUST_PROXY).
  shopper += 1;
  const address = `198.51.100.${shopper % 250}`;
  const key = `cluster-smoke-${randomUUID()}`;
  const v = variation;
  const claim = {
    // A phone of its own too: the store limits orders per contact (TOO_MANY_ORDERS).
    customerInfo: {
      fullName: 'Cluster Drill',
      email,
      phone: `+97150${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    },
    shippingInfo: { emirate: 'dubai', city: 'business-bay', address: 'Bay Square, Building 7, Office 301' },
    items: [
      {
        id: `${product.id}-${v.id}`,
        productId: product.id,
        variationId: v.id,
        name: product.name,
        price: v.price,
        quantity: 1,
        variation: {
          weight: v.size.displayName,
          beans: v.beans?.name ?? null,
          additions: v.type?.name ?? null,
        },
      },
    ],
    totalAmount: v.price,
    subtotal: v.price,
    tax: 0,
    shippingCost: 0,
    discount: 0,
    appliedCoupon: null,
    paymentProvider: 'COD',
  };
  const post = (body) =>
    fetch(`${LB}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': address },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
  let res = await post(claim);
  const total = res.headers.get('x-order-total');
  // The claimed total leaves shipping out: confirm the server's, as the checkout's second click does.
  if (res.status === 409 && total) res = await post({ ...claim, totalAmount: Number(total) });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, orderId: body.orderId };
}

async function mailArrived(email) {
  const mails = await (await fetch(`${MAILDEV}/email`)).json();
  return mails.some((m) => m.to?.some((t) => t.address === email));
}

async function gatewayStates() {
  const csv = await (await fetch(HAPROXY_STATS)).text();
  return Object.fromEntries(
    csv
      .split('\n')
      .map((l) => l.split(','))
      .filter((c) => c[0] === 'gateways' && c[1]?.startsWith('gateway'))
      .map((c) => [c[1], c[17]]),
  );
}

async function main() {
  await pickProduct();
  const run = randomUUID().slice(0, 8);
  const email = (n) => `drill-${run}-${n}@example.ae`;

  // 1. An order through the balancer, and its confirmation e-mail (events through JetStream).
  let t = Date.now();
  const first = await placeOrder(email(1));
  check(first.status === 200, `an order through HAProxy: ${first.status} ${first.orderId ?? ''}`);
  const firstMail = await until(() => mailArrived(email(1)), 30_000);
  check(firstMail !== null, `its confirmation e-mail arrived after ${seconds(Date.now() - t)}`);

  // 2. kill -9 one gateway: the next orders go through the other.
  console.log('kill -9 gateway-1');
  cluster('kill', 'gateway-1');
  t = Date.now();
  const during = [];
  for (let n = 0; n < 6; n++) {
    during.push(
      await placeOrder(email(`g${n}`)).catch((err) => ({ status: 0, error: err.cause?.code ?? err.message })),
    );
  }
  const refused = during.filter((r) => r.status !== 200).length;
  // The one request HAProxy had already sent to the killed gateway may fail; the rest go to the other.
  check(
    refused <= 1 && during.slice(1).every((r) => r.status === 200),
    `orders after the kill: ${during.map((r) => r.error ?? r.status).join(' ')}`,
  );
  figures.push(['orders refused right after a gateway was killed', `${refused} of ${during.length}`]);
  const markedDown = await until(async () => (await gatewayStates())['gateway-1'] !== 'UP', 10_000);
  figures.push([
    'HAProxy marks the killed gateway down',
    markedDown === null ? 'never' : seconds(markedDown),
  ]);
  t = Date.now();
  cluster('restart', 'gateway-1');
  const rejoined = await until(async () => (await gatewayStates())['gateway-1'] === 'UP', 180_000, 250);
  check(rejoined !== null, 'the restarted gateway is back in the balancer');
  figures.push([
    'gateway restart until HAProxy sends it requests',
    rejoined === null ? 'never' : seconds(rejoined),
  ]);

  // 3. kill -9 the NATS server that leads the stream: events still flow through the other two.
  const nc = await connect({ servers: NATS });
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(STREAM);
  check(info.config.num_replicas === 3, `stream ${STREAM} has ${info.config.num_replicas} replicas`);
  const leader = info.cluster?.leader ?? 'qahwa-nats-1';
  const victim = `nats-${leader.replace(/^qahwa-nats-/, '')}`;
  console.log(`kill -9 ${victim} (the stream's leader)`);
  cluster('kill', victim);
  t = Date.now();
  const newLeader = await until(
    async () => {
      const i = await jsm.streams.info(STREAM);
      return i.cluster?.leader && i.cluster.leader !== leader;
    },
    60_000,
    250,
  );
  figures.push([
    'a new stream leader after the leader was killed',
    newLeader === null ? 'never' : seconds(newLeader),
  ]);
  const afterNats = await placeOrder(email('n1'));
  check(
    afterNats.status === 200,
    `an order with one NATS server down: ${afterNats.status} ${afterNats.orderId ?? ''}`,
  );
  const natsMail = await until(() => mailArrived(email('n1')), 60_000);
  check(natsMail !== null, 'its confirmation e-mail arrived (the event went through the two left)');
  figures.push(['order to confirmation e-mail with one NATS server down', seconds(Date.now() - t)]);
  t = Date.now();
  cluster('restart', victim);
  const current = await until(
    async () => {
      const i = await jsm.streams.info(STREAM);
      const peers = [
        i.cluster?.leader,
        ...(i.cluster?.replicas ?? []).filter((r) => r.current).map((r) => r.name),
      ];
      return peers.filter(Boolean).length === 3;
    },
    120_000,
    250,
  );
  check(current !== null, `${victim} rejoined and caught up with the stream`);
  figures.push(['NATS restart until its replica is current', current === null ? 'never' : seconds(current)]);
  await nc.close();

  console.log('\npart                                                   time');
  for (const [what, value] of figures) console.log(`${what.padEnd(55)}${value}`);
  if (failures.length) {
    console.log(`\n${failures.length} check(s) failed`);
    process.exit(1);
  }
}

await main();
