import type { Locale } from '@qahwa/schema';
import type en from './messages/en';

// Typed messages and locales for next-intl: a missing key is a type error.
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
