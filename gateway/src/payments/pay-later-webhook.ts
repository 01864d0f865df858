import type { Locale, TabbyWebhookBody } from '@qahwa/schema';
import { isPayLaterUnavailable, payLaterStateOf, signalPayLater } from '@qahwa/workflows';
import type { Client } from '@temporalio/client';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { GatewayConfig } from '../config';
import type { Repositories } from '../repositories/plugin';
import { neverRan, payLaterUnavailable } from './pay-later-answer';
import { payLaterInputOf } from './pay-later-inputs';

export interface PayLaterWebhookDeps {
  repos: Pick<Repositories, 'checkouts'>;
  temporal: Client;
  config: Pick<GatewayConfig, 'checkoutTaskQueue' | 'payLater'>;
}

export interface PayLaterWebhookDelivery {
  body: z.infer<typeof TabbyWebhookBody>;
  locale: Locale;
  log: FastifyBaseLogger;
}

/**
 * Tabby's webhook (POST /api/webhooks/tabby, docs/pay-later.md), its static header already
 * checked: recorded once per payment and status, then passed to the payment's workflow as a
 * signal (starting it if the gateway could not when the session was made). The gateway decides
 * nothing from the body; the workflow reads the payment from Tabby. Temporal out of reach is a
 * 503, so Tabby delivers again.
 */
export function createPayLaterWebhook({ repos, temporal, config }: PayLaterWebhookDeps) {
  const { checkouts } = repos;
  const clientOpts = { taskQueue: config.checkoutTaskQueue };
  const timing = config.payLater.timing;

  return async function receiveWebhook({ body, locale, log: requestLog }: PayLaterWebhookDelivery) {
    const paymentId = body.id;
    const status = (body.status ?? 'unknown').toLowerCase();
    const log = requestLog.child({ paymentId, webhookStatus: status });
    // One row per payment and status: a duplicate delivery only counts up (webhook_events).
    await checkouts.recordWebhook({
      id: `tabby:${paymentId}:${status}`,
      provider: 'TABBY',
      type: status,
      payload: body,
    });
    const row = await checkouts.byPaymentId(paymentId);
    if (row?.provider !== 'TABBY') {
      log.warn('tabby webhook for a payment we do not know');
      return { received: true };
    }
    if (neverRan(row.status) && !(await payLaterStateOf(temporal, paymentId))) {
      log.info({ checkoutId: row.id }, 'tabby webhook for a session refused at pre-scoring or not kept');
      return { received: true };
    }
    try {
      const outcome = await signalPayLater(
        temporal,
        payLaterInputOf(row, timing),
        { webhook: { status } },
        clientOpts,
      );
      log.info(
        { checkoutId: row.id, requestId: row.requestId, outcome },
        'tabby webhook: workflow signalled',
      );
    } catch (err) {
      if (isPayLaterUnavailable(err)) {
        log.error({ err }, 'tabby webhook: Temporal unreachable; Tabby will deliver again');
        throw payLaterUnavailable(locale);
      }
      throw err;
    }
    return { received: true };
  };
}
