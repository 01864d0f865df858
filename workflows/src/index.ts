/*
 * `@qahwa/workflows`: what the other processes need to start and follow the store's workflows
 * (the starters, every workflow id, the search attribute keys, each workflow's input, signals and
 * queries) and the one card refund the gateway's staff actions share with the order follow-up.
 * The worker and its parts are `@qahwa/workflows/worker`; the tests' helpers `@qahwa/workflows/testing`.
 */
export * from './checkout/start';
export * from './lead-conversion/start';
export type {
  LeadActivitySignal,
  LeadConversionInput,
  LeadConversionOutcome,
  LeadConversionState,
  LeadOrderSignal,
} from './lead-conversion/workflow';
export { leadStateQuery } from './lead-conversion/workflow';
export * from './order-confirmation/start';
export * from './order-follow-up/start';
export * from './pay-later/start';
export type {
  PayLaterInput,
  PayLaterReason,
  PayLaterReturn,
  PayLaterState,
  PayLaterStatus,
  PayLaterTiming,
  payLaterReconciliation,
} from './pay-later/workflow';
export { payLaterStateQuery, shopperReturnedSignal, webhookReceivedSignal } from './pay-later/workflow';
export * from './returns/start';
export type { ReturnProcessEnd, ReturnProcessInput, ReturnTimers } from './returns/workflow';
export { returnChangedSignal, returnStateQuery } from './returns/workflow';
export { SA } from './search-attributes';
export * from './workflow-ids';
