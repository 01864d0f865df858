import type { IncomingMessage } from 'node:http';
import type { ChargeLedger } from './charges';
import type { Customers } from './customers';
import { invalid } from './errors';
import { type FormObject, str } from './form';
import type { ApiRequest, PaymentIntent } from './objects';
import type { PaymentIntents } from './payment-intents';
import type { PaymentMethods } from './payment-methods';

/** Stripe's REST API as the double serves it: who may call, and which call does what. */

export type Auth = { kind: 'secret' } | { kind: 'publishable' };

/** The only keys accepted; default any `sk_test_…` / `pk_test_…`. */
export interface ApiKeys {
  secretKey?: string;
  publishableKey?: string;
}

export function authenticate(req: IncomingMessage, params: FormObject, keys: ApiKeys): Auth {
  const header = req.headers.authorization ?? '';
  const bearer = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  // Stripe.js sends its publishable key as the `key` form field rather than a header.
  const key = bearer || str(params.key) || '';
  const { secretKey, publishableKey } = keys;
  if (key.startsWith('sk_') && (secretKey ? key === secretKey : key.startsWith('sk_test_'))) {
    return { kind: 'secret' };
  }
  if (key.startsWith('pk_') && (publishableKey ? key === publishableKey : key.startsWith('pk_test_'))) {
    return { kind: 'publishable' };
  }
  if (!key) {
    throw invalid(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      undefined,
      undefined,
      401,
    );
  }
  throw invalid(`Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}`, undefined, undefined, 401);
}

/** What the API routes reach: the intents, the payment methods, the customers and the refunds' ledger. */
export interface ApiHost {
  intents: Map<string, PaymentIntent>;
  paymentIntents: PaymentIntents;
  paymentMethods: PaymentMethods;
  ledger: Pick<ChargeLedger, 'route'>;
  customers: Pick<Customers, 'route'>;
}

export function routeApi(
  host: ApiHost,
  method: string,
  path: string,
  params: FormObject,
  auth: Auth,
  request: ApiRequest,
): { status: number; body: unknown } {
  const secretOnly = () => {
    if (auth.kind !== 'secret') {
      throw invalid(
        'This API call cannot be made with a publishable API key. Please use a secret API key.',
        undefined,
        'secret_key_required',
        401,
      );
    }
  };
  const intents = host.paymentIntents;
  if (method === 'POST' && path === '/v1/payment_intents') {
    secretOnly();
    return intents.createAndConfirm(params, request);
  }
  if (method === 'GET' && path === '/v1/payment_intents') {
    secretOnly();
    return { status: 200, body: intents.list(params) };
  }
  if (method === 'POST' && path === '/v1/payment_methods') {
    const methods = host.paymentMethods;
    return { status: 200, body: methods.publicMethod(methods.create(params)) };
  }
  const saved = host.customers.route(method, path, params, secretOnly);
  if (saved) return saved;
  const m = path.match(/^\/v1\/payment_intents\/([A-Za-z0-9_]+)(\/confirm)?$/);
  if (m) {
    const intent = host.intents.get(m[1]!);
    if (!intent) {
      throw invalid(`No such payment_intent: '${m[1]}'`, 'intent', 'resource_missing', 404);
    }
    if (auth.kind === 'publishable' && str(params.client_secret) !== intent.client_secret) {
      throw invalid(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        'client_secret',
        'payment_intent_invalid_parameter',
      );
    }
    if (method === 'GET' && !m[2]) return { status: 200, body: intents.expand(intent, params) };
    if (method === 'POST' && m[2]) return intents.confirm(intent, params, request);
    if (method === 'POST') {
      secretOnly();
      return { status: 200, body: intents.expand(intents.update(intent, params), params) };
    }
  }
  const ledger = host.ledger.route(method, path, params, secretOnly, request);
  if (ledger) return ledger;
  throw invalid(`Unrecognized request URL (${method}: ${path}).`, undefined, undefined, 404);
}
