import type { Locale } from '@qahwa/schema';
import type messages from './messages/en.json';

// Typed messages: a key missing from en.json is a compile error (ar.json parity is a unit test).
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}
