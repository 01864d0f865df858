// One implementation of SPEC 1's language rules for the storefront, the back office and the
// gateway. Deep import: this module reaches the browser, and the package barrel brings zod.
export {
  type Direction,
  directionOf,
  isLocale,
  localeFromAcceptLanguage,
  resolveLocale,
} from '@qahwa/schema/reference/locale';
