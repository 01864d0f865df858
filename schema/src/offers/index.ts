export * from './offer-banner';
