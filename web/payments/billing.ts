import { type CustomerInfo, findEmirate, type ShippingInfo } from '@qahwa/schema';

/**
 * SPEC 7: the card is confirmed "with the client secret and billing details (name, email, phone,
 * city, address line)". The city goes to Stripe by its English name (Stripe's Radar and the
 * dashboard read Latin text best), the country is the store's (AE).
 */
export function billingDetails(customer: CustomerInfo, shipping: ShippingInfo) {
  const city = findEmirate(shipping.emirate)?.cities.find((c) => c.slug === shipping.city);
  return {
    name: customer.fullName,
    email: customer.email,
    phone: customer.phone,
    address: { city: city?.en ?? shipping.city, line1: shipping.address, country: 'AE' },
  };
}
