import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { Client } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCheckoutUnavailable, runCheckoutTimed } from '../src/checkout/start';
import { temporalAddress } from '../src/testing';

/**
 * A checkout whose start does not get through in time is "unavailable" (the gateway's 503 "try
 * again in a moment"), also on the native connection the gateway's eager client uses, which
 * reports its deadline as CANCELLED "Timeout expired" rather than DEADLINE_EXCEEDED. An
 * overloaded bench answered 2,479 of these with 500 "Something went wrong" before.
 * Temporal stalls here for real: the client talks to the dev server through a TCP relay of this
 * file's own that stops passing bytes once the connection is up.
 */
let relay: Server;
let stalled = false;
const sockets: Socket[] = [];
let connection: NativeConnection;

beforeAll(async () => {
  const [host, port] = temporalAddress().split(':');
  relay = createServer((client) => {
    const upstream = tcpConnect(Number(port), host);
    sockets.push(client, upstream);
    client.on('data', (d) => {
      if (!stalled) upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (!stalled) client.write(d);
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  const address = relay.address();
  const relayPort = typeof address === 'object' && address ? address.port : 0;
  connection = await NativeConnection.connect({ address: `127.0.0.1:${relayPort}` });
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await connection?.close().catch(() => {});
  await new Promise((r) => relay?.close(r));
});

describe('a checkout start that misses its deadline', () => {
  it('is CheckoutUnavailableError on the native connection, not an unknown error', async () => {
    const client = new Client({ connection });
    await client.workflowService.getSystemInfo({}); // the connection works through the relay
    stalled = true;
    const began = Date.now();
    const err = await runCheckoutTimed(
      client,
      {
        checkoutId: `deadline-${randomUUID()}`,
        requestId: 'test',
        order: {
          customerInfo: { fullName: 'Test Shopper', email: 'deadline@example.ae', phone: '+971501234567' },
          shippingInfo: { emirate: 'dubai', city: 'business-bay', address: 'Bay Square 7' },
          items: [],
          totalAmount: 0,
          subtotal: 0,
          tax: 0,
          shippingCost: 0,
          discount: 0,
          paymentProvider: 'COD',
        },
      },
      { taskQueue: `deadline-${randomUUID()}`, startTimeoutMs: 500 },
    ).catch((e: unknown) => e);
    expect(isCheckoutUnavailable(err)).toBe(true);
    // Told within the deadline (plus scheduling), not after the SDK's retries.
    expect(Date.now() - began).toBeLessThan(5_000);
  }, 30_000);
});
