/** Stripe's test cards (docs.stripe.com/testing): the successful ones by number and brand. */
export const SUCCEEDING: Record<string, string> = {
  '4242424242424242': 'visa',
  '4000056655665556': 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '5200828282828210': 'mastercard',
  '378282246310005': 'amex',
  // Pays, then is disputed as fraudulent (charges.ts).
  '4000000000000259': 'visa',
  // The saved-card cards (off-session.ts): each pays on-session (the double passes 3-D Secure for
  // the shopper); what they do off-session is AUTHENTICATION below.
  '4000002500003155': 'visa',
  '4000002760003184': 'visa',
};
/**
 * Stripe's cards for saved cards and off-session payments (docs.stripe.com/testing, "Authentication
 * and setup" and "Declined payments"):
 * - `unless_set_up` 4000 0025 0000 3155: authentication is required unless the card was set up for
 *   off-session use (saved with `setup_future_usage` on a PaymentIntent the shopper confirmed);
 * - `always` 4000 0027 6000 3184: authentication is required on every payment, so every
 *   off-session charge fails `authentication_required`;
 * - `charges_fail` 4000 0000 0000 0341: attaching it to a Customer succeeds, every charge is
 *   declined (`card_declined`).
 */
export const AUTHENTICATION: Record<string, 'unless_set_up' | 'always' | 'charges_fail'> = {
  '4000002500003155': 'unless_set_up',
  '4000002760003184': 'always',
  '4000000000000341': 'charges_fail',
};
/** Stripe's documented decline test cards and what Stripe answers for each. */
export const DECLINES: Record<string, { code: string; decline_code?: string; message: string }> = {
  '4000000000000002': {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': {
    code: 'card_declined',
    decline_code: 'lost_card',
    message: 'Your card was declined.',
  },
  '4000000000009979': {
    code: 'card_declined',
    decline_code: 'stolen_card',
    message: 'Your card was declined.',
  },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  '4242424242424241': { code: 'incorrect_number', message: 'Your card number is incorrect.' },
};
/** Stripe's test PaymentMethod ids, by the card each stands for. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_chargeCustomerFail: '4000000000000341',
};
