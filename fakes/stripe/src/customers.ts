import { invalid } from './errors';
import { type FormObject, metadataOf, obj, str } from './form';
import { now, randomId } from './ids';
import type { Customer } from './objects';
import type { PaymentMethods } from './payment-methods';

/**
 * Customers and the cards saved to them, as Stripe keeps them (docs.stripe.com/api/customers,
 * docs.stripe.com/api/payment_methods/attach): `POST /v1/customers`, `GET|POST /v1/customers/:id`,
 * `GET /v1/customers/:id/payment_methods`, `GET /v1/payment_methods/:id`,
 * `POST /v1/payment_methods/:id/attach|detach`. A card is also saved by a PaymentIntent with
 * `customer` and `setup_future_usage` (off-session.ts).
 */

const missing = (id: string) => invalid(`No such customer: '${id}'`, 'customer', 'resource_missing', 404);

export class Customers {
  readonly all = new Map<string, Customer>();

  constructor(private readonly methods: PaymentMethods) {}

  create(params: FormObject): Customer {
    const customer: Customer = {
      id: `cus_${randomId(14)}`,
      object: 'customer',
      created: now(),
      description: str(params.description) ?? null,
      email: str(params.email) ?? null,
      invoice_settings: { default_payment_method: null },
      livemode: false,
      metadata: metadataOf(params),
      name: str(params.name) ?? null,
      phone: str(params.phone) ?? null,
    };
    if (params.invoice_settings !== undefined) this.setDefault(customer, params);
    this.all.set(customer.id, customer);
    return customer;
  }

  /** The customer, or Stripe's 404 `resource_missing`. */
  get(id: string): Customer {
    const customer = this.all.get(id);
    if (!customer) throw missing(id);
    return customer;
  }

  /** A `customer` parameter: null when absent, else a customer that exists. */
  optional(params: FormObject): string | null {
    const id = str(params.customer);
    if (!id) return null;
    if (!this.all.has(id)) throw invalid(`No such customer: '${id}'`, 'customer', 'resource_missing');
    return id;
  }

  update(customer: Customer, params: FormObject): Customer {
    for (const key of ['description', 'email', 'name', 'phone'] as const) {
      if (params[key] !== undefined) customer[key] = str(params[key]) || null;
    }
    if (params.metadata !== undefined) customer.metadata = metadataOf(params, customer.metadata);
    if (params.invoice_settings !== undefined) this.setDefault(customer, params);
    return customer;
  }

  /** `invoice_settings[default_payment_method]`: a card attached to this customer (or '' to clear). */
  private setDefault(customer: Customer, params: FormObject) {
    const pmId = str(obj(params.invoice_settings).default_payment_method);
    if (pmId === undefined) return;
    if (pmId === '') {
      customer.invoice_settings.default_payment_method = null;
      return;
    }
    const pm = this.methods.get(pmId);
    if (pm.customer !== customer.id) {
      throw invalid(
        `The payment method \`${pmId}\` does not belong to the customer \`${customer.id}\`.`,
        'invoice_settings[default_payment_method]',
      );
    }
    customer.invoice_settings.default_payment_method = pmId;
  }

  /** Stripe's customer and saved-card routes; null when the path is not one of them. */
  route(
    method: string,
    path: string,
    params: FormObject,
    secretOnly: () => void,
  ): { status: number; body: unknown } | null {
    const methods = this.methods;
    if (path === '/v1/customers' && method === 'POST') {
      secretOnly();
      return { status: 200, body: this.create(params) };
    }
    const c = path.match(/^\/v1\/customers\/([A-Za-z0-9_]+)(\/payment_methods)?$/);
    if (c) {
      secretOnly();
      const customer = this.get(c[1]!);
      if (c[2] && method === 'GET') {
        const data = methods.attachedTo(customer.id).map((pm) => methods.publicMethod(pm));
        return {
          status: 200,
          body: {
            object: 'list',
            data,
            has_more: false,
            url: `/v1/customers/${customer.id}/payment_methods`,
          },
        };
      }
      if (!c[2] && method === 'GET') return { status: 200, body: customer };
      if (!c[2] && method === 'POST') return { status: 200, body: this.update(customer, params) };
      return null;
    }
    const p = path.match(/^\/v1\/payment_methods\/([A-Za-z0-9_]+)(\/attach|\/detach)?$/);
    if (!p) return null;
    if (method === 'GET' && !p[2]) return { status: 200, body: methods.publicMethod(methods.get(p[1]!)) };
    if (method !== 'POST' || !p[2]) return null;
    secretOnly();
    const pm = methods.get(p[1]!);
    if (p[2] === '/detach') {
      for (const customer of this.all.values()) {
        if (customer.invoice_settings.default_payment_method === pm.id) {
          customer.invoice_settings.default_payment_method = null;
        }
      }
      pm.customer = null;
      pm.setUpForOffSession = false;
      return { status: 200, body: methods.publicMethod(pm) };
    }
    const customerId = str(params.customer);
    if (!customerId) throw invalid('Missing required param: customer.', 'customer', 'parameter_missing');
    this.get(customerId);
    if (pm.customer && pm.customer !== customerId) {
      throw invalid(
        'The payment method you provided has already been attached to a customer.',
        'payment_method',
        'payment_method_unexpected_state',
      );
    }
    pm.customer = customerId;
    return { status: 200, body: methods.publicMethod(pm) };
  }
}
