/*
 * The workflow bundle's entry (`workflowsPath` in worker.ts): every workflow the worker runs,
 * re-exported from its domain's workflow.ts. Each exported function is a workflow type registered
 * under its name, so these names are what running workflows and every starter call them: renaming
 * or adding an export here changes what Temporal knows. Code reached from here runs in Temporal's
 * sandbox: only `@temporalio/workflow`, types and pure modules (no database, no clock, no I/O).
 */
export * from './checkout/workflow';
export { leadConversion } from './lead-conversion/workflow';
export { orderConfirmation } from './order-confirmation/workflow';
export { orderFollowUp } from './order-follow-up/workflow';
export * from './pay-later/workflow';
export { returnProcess } from './returns/workflow';
export { subscription } from './subscriptions/workflow';
