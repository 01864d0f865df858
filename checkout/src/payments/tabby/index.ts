export { createTabbyClient } from './client';
export { isTabbyError, TabbyError, type TabbyErrorCode } from './errors';
export type {
  TabbyCaptureRequest,
  TabbyClient,
  TabbyClientOptions,
  TabbyHistoricalOrder,
  TabbyItem,
  TabbyLang,
  TabbyMovement,
  TabbyPayment,
  TabbyPaymentStatus,
  TabbyRefundRequest,
  TabbyRejectionReason,
  TabbySession,
  TabbySessionRequest,
  TabbySessionStatus,
  TabbyWebhookRegistration,
} from './types';
export { sessionBody } from './wire';
