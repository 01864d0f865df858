export { TestPaymentsBanner } from './test-payments-banner';
