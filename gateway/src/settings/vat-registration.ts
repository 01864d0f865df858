import { ConfigError, type RunMode } from '@qahwa/schema/config';
import { SAMPLE_TRN, type VatSettings } from '@qahwa/schema/settings';

/**
 * A production store registered under the development seed's sample TRN would print a TRN that is
 * not its own on every tax invoice: refused at start, as the config refuses development secrets
 * (docs/vat.md). Not registered, or registered under a real TRN, starts.
 */
export function refuseSampleVatRegistration(
  mode: RunMode,
  vat: Pick<VatSettings, 'registered' | 'trn'>,
): void {
  if (mode === 'production' && vat.registered && vat.trn === SAMPLE_TRN) {
    throw new ConfigError(
      `Refusing to start in production VAT-registered under the sample TRN ${SAMPLE_TRN}: enter the store's TRN in Settings → VAT (or switch registration off)`,
    );
  }
}
