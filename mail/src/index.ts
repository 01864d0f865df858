export {
  createMailer,
  isMailSendError,
  type Mailer,
  type MailLogger,
  MailSendError,
  type OutgoingMail,
  SMTP_TIMEOUTS_MS,
} from './mailer';
export { sendOrderConfirmation } from './order-confirmation';
export { loadOrderEmail, type OrderEmail } from './order-data';
export { renderEmail } from './render';
export {
  DEFAULT_CLAIM_LEASE_MS,
  EmailInFlightError,
  isEmailInFlightError,
  type SendOnceDeps,
  type SendOnceInput,
  sendEmailOnce,
  stableMessageId,
} from './send-once';
export type * from './types';
