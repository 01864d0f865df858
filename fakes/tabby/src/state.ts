import { randomUUID } from 'node:crypto';

/**
 * The fake's in-memory Tabby: sessions, payments and their lifecycle as TABBY.md tells it
 * (`CREATED → AUTHORIZED → CLOSED`, `REJECTED` and `EXPIRED` final). Pure bookkeeping: the HTTP
 * server, hosted page and webhook sender sit around it. Every status change is reported through
 * `onChange` with the payment as it was before, so the webhook sender can send stale copies.
 */

export type PaymentStatus = 'CREATED' | 'AUTHORIZED' | 'CLOSED' | 'REJECTED' | 'EXPIRED';
export type SessionStatus = 'created' | 'rejected' | 'expired' | 'approved';
export type RejectionReason = 'not_available' | 'order_amount_too_high' | 'order_amount_too_low';
export type HostedAction = 'approve' | 'reject' | 'cancel' | 'expire';

export interface Movement {
  id: string;
  amount: string;
  reference_id: string;
  created_at: string;
  reason?: string;
  items: unknown[];
}

export interface Payment {
  id: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  status: PaymentStatus;
  is_test: true;
  amount: string;
  currency: string;
  description: string;
  buyer: Record<string, unknown>;
  shipping_address: Record<string, unknown>;
  order: { reference_id: string | null } & Record<string, unknown>;
  meta: Record<string, unknown>;
  captures: Movement[];
  refunds: Movement[];
}

export interface Session {
  id: string;
  status: SessionStatus;
  paymentId: string;
  lang: 'en' | 'ar';
  merchantUrls: { success: string; cancel: string; failure: string };
  rejectionReason: RejectionReason | null;
  createdAt: number;
}

/** A refusal with Tabby's error body (`{status:'error', errorType, error}`) and HTTP status. */
export class TabbyFakeError extends Error {
  override readonly name = 'TabbyFakeError';
  constructor(
    readonly status: 400 | 401 | 404 | 409,
    readonly errorType: 'bad_data' | 'not_authorized' | 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

/** Pre-scoring test triggers (docs/tabby.md): the store's 1–5000 AED rule is checked before. */
export const PRESCORING = {
  maxFils: 300_000,
  minFils: 1_000,
  notAvailableEmailPrefix: 'not.available',
} as const;

export interface SessionInput {
  amount: string;
  currency: string;
  description: string;
  buyer: Record<string, unknown> & { email: string };
  shipping_address: Record<string, unknown>;
  order: { reference_id: string | null } & Record<string, unknown>;
  meta: Record<string, unknown>;
  lang: 'en' | 'ar';
  merchantUrls: { success: string; cancel: string; failure: string };
}

export type ChangeListener = (payment: Payment, before: Payment) => void;

const AMOUNT = /^\d+\.\d{2}$/;
export const toFils = (amount: string) => {
  if (!AMOUNT.test(amount))
    throw new TabbyFakeError(400, 'bad_data', `amount must look like "100.00", got "${amount}"`);
  const [whole = '0', frac = '00'] = amount.split('.');
  return Number(whole) * 100 + Number(frac);
};
export const toAmount = (fils: number) => `${Math.floor(fils / 100)}.${String(fils % 100).padStart(2, '0')}`;
const sum = (ms: Movement[]) => ms.reduce((s, m) => s + toFils(m.amount), 0);
const copy = (p: Payment): Payment => structuredClone(p);

/** `now` is the fake's clock: a test on Temporal's skipped time can hand it the same clock. */
export function createTabbyState(opts: {
  paymentTtlMs: number;
  onChange: ChangeListener;
  now: () => number;
}) {
  const sessions = new Map<string, Session>();
  const payments = new Map<string, Payment>();

  function prescore(input: SessionInput): RejectionReason | null {
    if (input.buyer.email.toLowerCase().startsWith(PRESCORING.notAvailableEmailPrefix))
      return 'not_available';
    const fils = toFils(input.amount);
    if (fils > PRESCORING.maxFils) return 'order_amount_too_high';
    if (fils < PRESCORING.minFils) return 'order_amount_too_low';
    return null;
  }

  function move(p: Payment, status: PaymentStatus) {
    const before = copy(p);
    p.status = status;
    const session = sessions.get(p.session_id);
    if (session && status === 'AUTHORIZED') session.status = 'approved';
    if (session && (status === 'EXPIRED' || status === 'REJECTED') && session.status === 'created') {
      session.status = status === 'EXPIRED' ? 'expired' : 'rejected';
    }
    opts.onChange(copy(p), before);
  }

  /** Tabby expires an unpaid payment after about 30 minutes; the fake does it when asked about it. */
  function expireIfDue(p: Payment) {
    if (p.status === 'CREATED' && Date.parse(p.expires_at) <= opts.now()) move(p, 'EXPIRED');
  }

  function payment(id: string): Payment {
    const p = payments.get(id);
    if (!p) throw new TabbyFakeError(404, 'not_found', `Payment ${id} not found`);
    expireIfDue(p);
    return p;
  }

  function session(id: string): Session {
    const s = sessions.get(id);
    if (!s) throw new TabbyFakeError(404, 'not_found', `Session ${id} not found`);
    const p = payments.get(s.paymentId);
    if (p) expireIfDue(p);
    return s;
  }

  function createSession(input: SessionInput): { session: Session; payment: Payment } {
    const rejection = prescore(input);
    const now = opts.now();
    const s: Session = {
      id: randomUUID(),
      status: rejection ? 'rejected' : 'created',
      paymentId: randomUUID(),
      lang: input.lang,
      merchantUrls: input.merchantUrls,
      rejectionReason: rejection,
      createdAt: now,
    };
    const p: Payment = {
      id: s.paymentId,
      session_id: s.id,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + opts.paymentTtlMs).toISOString(),
      // A pre-scored session's payment can never be paid: it is REJECTED from the start.
      status: rejection ? 'REJECTED' : 'CREATED',
      is_test: true,
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      buyer: input.buyer,
      shipping_address: input.shipping_address,
      order: input.order,
      meta: input.meta,
      captures: [],
      refunds: [],
    };
    sessions.set(s.id, s);
    payments.set(p.id, p);
    return { session: s, payment: copy(p) };
  }

  /** What the shopper does on the hosted page; cancel leaves the payment CREATED, as on Tabby. */
  function act(paymentId: string, action: HostedAction): Payment {
    const p = payment(paymentId);
    if (p.status !== 'CREATED') {
      throw new TabbyFakeError(400, 'bad_data', `Payment ${p.id} is ${p.status}: the session is over`);
    }
    if (action === 'approve') move(p, 'AUTHORIZED');
    else if (action === 'reject') move(p, 'REJECTED');
    else if (action === 'expire') move(p, 'EXPIRED');
    return copy(p);
  }

  function capture(
    paymentId: string,
    req: { amount: string; reference_id: string; items?: unknown[] },
  ): Payment {
    const p = payment(paymentId);
    // The same reference_id is the same capture: answered again, never taken twice.
    if (p.captures.some((c) => c.reference_id === req.reference_id)) return copy(p);
    if (p.status === 'CLOSED' && p.captures.length > 0) {
      throw new TabbyFakeError(409, 'conflict', `Payment ${p.id} is already captured`);
    }
    if (p.status !== 'AUTHORIZED') {
      throw new TabbyFakeError(400, 'bad_data', `Payment ${p.id} is ${p.status}, not AUTHORIZED`);
    }
    const fils = toFils(req.amount);
    const left = toFils(p.amount) - sum(p.captures);
    if (fils <= 0 || fils > left) {
      throw new TabbyFakeError(
        400,
        'bad_data',
        `Capture ${req.amount} exceeds what is left (${toAmount(left)})`,
      );
    }
    p.captures.push({
      id: randomUUID(),
      amount: req.amount,
      reference_id: req.reference_id,
      created_at: new Date(opts.now()).toISOString(),
      items: req.items ?? [],
    });
    // A full capture closes the payment (TABBY.md).
    if (fils === left) move(p, 'CLOSED');
    return copy(p);
  }

  /** Cancels what was not captured. CLOSED again is a no-op; REJECTED/EXPIRED have nothing to close. */
  function close(paymentId: string): Payment {
    const p = payment(paymentId);
    if (p.status === 'CLOSED') return copy(p);
    if (p.status === 'REJECTED' || p.status === 'EXPIRED') {
      throw new TabbyFakeError(400, 'bad_data', `Payment ${p.id} is ${p.status}: nothing to close`);
    }
    move(p, 'CLOSED');
    return copy(p);
  }

  function refund(
    paymentId: string,
    req: { amount: string; reference_id: string; reason?: string; items?: unknown[] },
  ) {
    const p = payment(paymentId);
    if (p.refunds.some((r) => r.reference_id === req.reference_id)) return copy(p);
    if (p.status !== 'CLOSED') {
      throw new TabbyFakeError(
        400,
        'bad_data',
        `Refunds are only possible on CLOSED payments (${p.id} is ${p.status})`,
      );
    }
    const fils = toFils(req.amount);
    const left = sum(p.captures) - sum(p.refunds);
    if (fils <= 0 || fils > left) {
      throw new TabbyFakeError(
        400,
        'bad_data',
        `Refund ${req.amount} exceeds what was captured and not refunded (${toAmount(left)})`,
      );
    }
    p.refunds.push({
      id: randomUUID(),
      amount: req.amount,
      reference_id: req.reference_id,
      created_at: new Date(opts.now()).toISOString(),
      ...(req.reason ? { reason: req.reason } : {}),
      items: req.items ?? [],
    });
    return copy(p);
  }

  return {
    createSession,
    session,
    payment: (id: string) => copy(payment(id)),
    act,
    capture,
    close,
    refund,
    list: () => [...payments.values()].map(copy),
    reset() {
      sessions.clear();
      payments.clear();
    },
  };
}

export type TabbyState = ReturnType<typeof createTabbyState>;
