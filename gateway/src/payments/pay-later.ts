import { CHECKOUT_FAILURE, type CheckoutPricing } from '@qahwa/checkout';
import type { TabbySessionRequest } from '@qahwa/checkout/payments';
import type { CheckoutRow } from '@qahwa/db';
import {
  CHECKOUT_TASK_QUEUE,
  type CheckoutClaim,
  contactOf,
  type Locale,
  localize,
  PAY_LATER_PROVIDER_NAME,
  PAYMENT_MESSAGES,
  type PayLaterStatusResponse,
  payLaterOutcomeMessage,
} from '@qahwa/schema';
import { SA } from '@qahwa/workflows/checkout/search-attributes';
import {
  type PayLaterInput,
  type PayLaterReturn,
  type PayLaterState,
  type PayLaterTiming,
  type payLaterReconciliation,
  payLaterStateQuery,
  shopperReturnedSignal,
  webhookReceivedSignal,
} from '@qahwa/workflows/pay-later';
import { payLaterWorkflowId } from '@qahwa/workflows/workflow-ids';
import {
  type Client,
  isGrpcServiceError,
  ServiceError,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
} from '@temporalio/client';
import type { SearchAttributePair } from '@temporalio/common';
import { t } from '../i18n/messages';
import { HttpError } from '../platform/errors';
import { storedCheckoutInput } from './card-checkout';

/** What the gateway keeps in `checkouts.request` for a pay-later checkout (claim + the session). */
export interface PayLaterStoredRequest extends CheckoutClaim {
  session: { id: string; webUrl: string | null };
  idempotencyKey?: string | null;
  /** The shopper's contact as the cap on open sessions counts it (`contactOf`, normalised). */
  contact?: { email: string; phone: string };
}

/**
 * The workflow's input, built only from what the gateway stored at the session — never from the
 * browser's return or the webhook's body — so whichever of the three starts the workflow, it is
 * the same run with the same order.
 */
export function payLaterInputOf(row: CheckoutRow, timing: Partial<PayLaterTiming>): PayLaterInput {
  const checkout = storedCheckoutInput(row, { paymentProvider: 'TABBY' });
  return { checkout, paymentId: row.providerPaymentId!, amountFils: row.totalFils, timing };
}

/** The session Tabby is asked for: the server's totals (SPEC 7 shape), the shopper's language. */
export function sessionRequestOf(input: {
  claim: CheckoutClaim;
  priced: CheckoutPricing;
  checkoutId: string;
  locale: Locale;
  storefrontUrl: string;
}): TabbySessionRequest {
  const { claim, priced, checkoutId, locale, storefrontUrl } = input;
  const contact = contactOf(claim.customerInfo);
  const back = (result: string) => `${storefrontUrl}/checkout/pay-later?result=${result}`;
  return {
    amountFils: priced.totalFils,
    currency: 'AED',
    description: `qahwa order ${checkoutId}`,
    buyer: { name: contact.fullName, email: contact.email, phone: contact.phone },
    shippingAddress: {
      city: claim.shippingInfo.city,
      address: claim.shippingInfo.address.trim(),
      zip: '00000',
    },
    order: {
      referenceId: checkoutId,
      taxFils: priced.taxFils,
      shippingFils: priced.shippingFils,
      discountFils: priced.discountFils,
      items: priced.lines.map((l) => ({
        referenceId: l.variationId,
        title: locale === 'ar' ? l.nameAr : l.name,
        quantity: l.quantity,
        unitPriceFils: l.unitFils,
        category: 'coffee',
      })),
    },
    meta: { orderId: checkoutId, customer: contact.email },
    lang: locale,
    merchantUrls: { success: back('success'), cancel: back('cancel'), failure: back('failure') },
  };
}

/** The Temporal service could not be reached: nothing was signalled or started. */
export class PayLaterUnavailableError extends Error {
  override readonly name = 'PayLaterUnavailableError';
  readonly code = 'CHECKOUT_UNAVAILABLE';
}
export const isPayLaterUnavailable = (e: unknown): e is PayLaterUnavailableError =>
  e instanceof PayLaterUnavailableError;

const UNAVAILABLE = 14;
const DEADLINE_EXCEEDED = 4;
function isUnreachable(err: unknown): boolean {
  const cause = err instanceof ServiceError ? err.cause : err;
  return isGrpcServiceError(cause) && (cause.code === UNAVAILABLE || cause.code === DEADLINE_EXCEEDED);
}

export interface PayLaterClientOptions {
  taskQueue?: string;
  startTimeoutMs?: number;
}

function startOptions(input: PayLaterInput, opts: PayLaterClientOptions) {
  const email = contactOf(input.checkout.order.customerInfo).email;
  return {
    taskQueue: opts.taskQueue ?? CHECKOUT_TASK_QUEUE,
    workflowId: payLaterWorkflowId(input.paymentId),
    args: [input] as [PayLaterInput],
    // A checkout that ended (cancelled, expired) keeps its run: a late webhook must not start a
    // second one that would read the payment and act again.
    workflowIdReusePolicy: 'REJECT_DUPLICATE' as const,
    memo: { requestId: input.checkout.requestId },
    // The operator finds it by the provider's payment id from the start, by the order number
    // once the workflow has made the order (docs/pay-later.md).
    typedSearchAttributes: <SearchAttributePair[]>[
      { key: SA.checkoutId, value: input.checkout.checkoutId },
      { key: SA.customerEmail, value: email },
      { key: SA.paymentProvider, value: 'TABBY' },
      { key: SA.paymentId, value: input.paymentId },
    ],
  };
}

/** Starts payLaterReconciliation for a new session (joins the run if one exists). */
export async function startPayLater(
  client: Client,
  input: PayLaterInput,
  opts: PayLaterClientOptions = {},
): Promise<void> {
  try {
    await client.connection.withDeadline(Date.now() + (opts.startTimeoutMs ?? 3000), () =>
      client.workflow.start<typeof payLaterReconciliation>('payLaterReconciliation', {
        ...startOptions(input, opts),
        workflowIdConflictPolicy: 'USE_EXISTING',
      }),
    );
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    if (isUnreachable(err)) throw new PayLaterUnavailableError('Temporal is unreachable', { cause: err });
    throw err;
  }
}

/**
 * Tells the workflow of this payment that something happened (the webhook, the shopper's return),
 * starting it first if the gateway could not when the session was made. A run that already
 * ended answers 'ended': nothing to do, its outcome stands.
 */
export type PayLaterNews = { webhook: { status?: string } } | { returned: { result: PayLaterReturn } };

export async function signalPayLater(
  client: Client,
  input: PayLaterInput,
  news: PayLaterNews,
  opts: PayLaterClientOptions = {},
): Promise<'signalled' | 'ended'> {
  try {
    await client.connection.withDeadline(Date.now() + (opts.startTimeoutMs ?? 3000), () =>
      'webhook' in news
        ? client.workflow.signalWithStart('payLaterReconciliation', {
            ...startOptions(input, opts),
            signal: webhookReceivedSignal,
            signalArgs: [news.webhook],
          })
        : client.workflow.signalWithStart('payLaterReconciliation', {
            ...startOptions(input, opts),
            signal: shopperReturnedSignal,
            signalArgs: [news.returned],
          }),
    );
    return 'signalled';
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return 'ended';
    if (isUnreachable(err)) throw new PayLaterUnavailableError('Temporal is unreachable', { cause: err });
    throw err;
  }
}

/** The workflow's state now (its result once it ended); null when there is no run. */
export async function payLaterStateOf(client: Client, paymentId: string): Promise<PayLaterState | null> {
  const handle = client.workflow.getHandle<typeof payLaterReconciliation>(payLaterWorkflowId(paymentId));
  try {
    const described = await handle.describe();
    switch (described.status.name) {
      case 'RUNNING':
        return await handle.query(payLaterStateQuery);
      case 'COMPLETED':
        return await handle.result();
      default:
        // Failed, terminated, timed out: no order was made by it.
        return { status: 'failed', reason: 'rejected' };
    }
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return null;
    throw err;
  }
}

/** Asks until the state is no longer pending or the time is up (the shopper's return waits ~8 s). */
export async function waitForPayLaterState(
  client: Client,
  paymentId: string,
  waitMs: number,
): Promise<PayLaterState | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const state = await payLaterStateOf(client, paymentId);
    if ((state && state.status !== 'pending') || Date.now() >= until) return state;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const FAILURE_DETAILS = (details: unknown) =>
  (typeof details === 'object' && details !== null ? details : {}) as {
    productName?: string;
    productNameAr?: string;
    available?: number;
  };

/** The contract's answer for a state, with the SPEC 8 sentence in the shopper's language. */
export function payLaterAnswer(state: PayLaterState, locale: Locale): PayLaterStatusResponse {
  switch (state.status) {
    case 'pending':
      return { status: 'pending' };
    case 'approved':
      return {
        status: 'approved',
        // Nothing about the customer record (whether the e-mail bought before): anyone who has
        // the payment id may ask, as with the order answer (docs/checkout.md "The order answer").
        ...(state.orderId ? { orderId: state.orderId, orderNumber: state.orderId } : {}),
      };
    case 'cancelled':
      return {
        status: 'cancelled',
        reason: 'cancelled',
        message: payLaterOutcomeMessage('cancelled', locale),
      };
    case 'rejected':
      return {
        status: 'rejected',
        reason: state.reason ?? 'rejected',
        message: payLaterOutcomeMessage(
          state.reason === 'not_available'
            ? 'not_available'
            : state.reason === 'order_amount_too_high'
              ? 'amount_too_high'
              : state.reason === 'order_amount_too_low'
                ? 'amount_too_low'
                : 'rejected',
          locale,
        ),
      };
    case 'expired':
      return { status: 'expired', reason: 'expired', message: payLaterOutcomeMessage('failed', locale) };
    case 'failed':
      return { status: 'failed', reason: state.reason ?? 'rejected', message: failedMessage(state, locale) };
  }
}

/**
 * An authorised payment that could not become an order (docs/pay-later.md): the reason the
 * shopper can act on (stock, an item gone, the coupon) and that Tabby took no money.
 */
function failedMessage(state: PayLaterState, locale: Locale): string {
  const d = FAILURE_DETAILS(state.failure?.details);
  const notCharged = t('payLaterNotCharged', locale, { provider: PAY_LATER_PROVIDER_NAME[locale] });
  switch (state.failure?.code) {
    case CHECKOUT_FAILURE.outOfStock:
      return `${t('outOfStock', locale, {
        available: d.available ?? 0,
        name: (locale === 'ar' ? d.productNameAr : d.productName) ?? '',
      })} ${notCharged}`;
    case CHECKOUT_FAILURE.itemUnavailable:
      return `${t('itemUnavailable', locale)} ${notCharged}`;
    case CHECKOUT_FAILURE.couponRefused:
      return `${t('payLaterCouponGone', locale)} ${notCharged}`;
    default:
      return payLaterOutcomeMessage('failed', locale);
  }
}

/** SPEC 8 / docs/domain-decisions.md: 'Failed to create Tabby payment session'. */
export function sessionFailedMessage(locale: Locale): string {
  return localize(PAYMENT_MESSAGES['payment.payLaterSessionFailed'], locale, {
    provider: PAY_LATER_PROVIDER_NAME[locale],
  });
}

export const payLaterUnavailable = (locale: Locale) =>
  new HttpError(503, 'CHECKOUT_UNAVAILABLE', t('checkoutUnavailable', locale), {}, { 'retry-after': '15' });
