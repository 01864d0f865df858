import { z } from 'zod';
import { validationText } from '../validation/fields';

/*
 * Ids at the edge: every id a request carries is checked for its shape before it can
 * reach PostgreSQL, where a malformed uuid is an SQL error that a workflow would retry for
 * minutes. Contracts are built in English; the gateway renders the message in Arabic from the
 * shared table.
 */
const t = validationText('en');

/** A database id: a uuid in its canonical 8-4-4-4-12 hex form (what PostgreSQL's uuid type takes). */
export const EntityId = () => z.guid({ error: t('validation.id') });

/** A product by id or by slug (`colombian-supremo`): letters, digits and dashes. */
export const ProductRef = () =>
  z
    .string()
    .min(1, { error: t('validation.id') })
    .max(200, { error: t('validation.id') })
    .regex(/^[A-Za-z0-9-]+$/, { error: t('validation.id') });

/** A Stripe PaymentIntent id (`pi_…`). */
export const PaymentIntentId = () =>
  z.string().regex(/^pi_[A-Za-z0-9_]{1,250}$/, { error: t('validation.id') });

/** A checkout id: made by the gateway (`cod-<uuid>`), the root of a checkout's idempotency chain. */
export const CheckoutId = () => z.string().regex(/^[a-z]{2,10}-[A-Za-z0-9_-]{8,100}$/);
