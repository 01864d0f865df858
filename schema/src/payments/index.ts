export * from './attention';
export * from './checkout-status';
export * from './messages';
export * from './pay-later';
export * from './pay-later-widget';
export * from './payment-method';
export * from './submit-button';
export * from './wallet';
