import type { Locale } from '@qahwa/schema';
import type messages from './messages/en';

// Typed messages: a key missing from the en messages is a compile error (Arabic parity is a unit test).
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}
