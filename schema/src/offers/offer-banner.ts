import type { OfferSettings } from '../contracts/content';
import type { Locale } from '../money/money';

/** SPEC 2.8 / 4: shown only while active, with an end time, and before that end time. */
export function isOfferVisible(offer: OfferSettings | null, now: Date): boolean {
  if (!offer?.isActive || !offer.endTime) return false;
  const end = Date.parse(offer.endTime);
  return !Number.isNaN(end) && end > now.getTime();
}

/**
 * SPEC 2.8 HH:MM:SS until the end. Hours are not wrapped at 24 (a three-day offer reads 72:00:00),
 * so the banner never hides days; null when the banner must not show.
 */
export function offerCountdown(offer: OfferSettings | null, now: Date): string | null {
  if (!isOfferVisible(offer, now) || !offer?.endTime) return null;
  const seconds = Math.floor((Date.parse(offer.endTime) - now.getTime()) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** The banner text in the shopper's language; Arabic falls back to English when not written. */
export function offerMessage(offer: OfferSettings, locale: Locale): string | null {
  return (locale === 'ar' ? offer.messageAr || offer.message : offer.message) || null;
}
