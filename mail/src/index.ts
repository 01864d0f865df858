export type { BackInStockEmailData } from './back-in-stock-data';
export { type BudgetClass, budgetClassOf, DEFAULT_MAIL_BUDGET, type MailBudget } from './budget';
export {
  createMailer,
  isMailSendError,
  type Mailer,
  type MailLogger,
  MailSendError,
  type OutgoingMail,
  SMTP_TIMEOUTS_MS,
} from './mailer';
export {
  confirmUrl,
  NEWSLETTER_CONFIRM_TTL_MS,
  signConfirmLink,
  signUnsubscribeLink,
  type UnsubscribeTarget,
  unsubscribeUrl,
  verifyConfirmLink,
  verifyUnsubscribeLink,
} from './marketing-links';
export { sendOrderConfirmation } from './order-confirmation';
export { loadOrderEmail, type OrderEmail } from './order-data';
export { renderEmail } from './render';
export {
  DEFAULT_CLAIM_LEASE_MS,
  EmailInFlightError,
  isEmailInFlightError,
  listUnsubscribeHeaders,
  type SendOnceDeps,
  type SendOnceInput,
  type SendOnceResult,
  sendEmailOnce,
  stableMessageId,
} from './send-once';
export { signClaims, verifyClaims } from './signed-link';
export { COPY } from './templates/copy';
export { DEFAULT_STORE_NAME, fillStore, type StoreName } from './templates/store-name';
export {
  signTrackingToken,
  TRACKING_LINK_TTL_MS,
  trackingUrl,
  verifyTrackingToken,
} from './tracking-link';
export type * from './types';
