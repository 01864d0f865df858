export type { TabbyFakeControl } from './control';
export { paymentJson, startTabbyFake, type TabbyFake, type TabbyFakeOptions } from './server';
export { type Payment, PRESCORING, type Session, TabbyFakeError } from './state';
export { type WebhookDelivery, type WebhookMode, webhookBody } from './webhooks';
