import type { Locale } from '@qahwa/schema/money';
import { track } from '@/analytics/events';
import { postJson } from '@/contact/post-json';

/** What the footer's form shows after a press of "Subscribe". */
export type SubscribeOutcome =
  | { kind: 'invalid'; text: string }
  | { kind: 'done' }
  | { kind: 'failed'; text: string | null; network: boolean };

/**
 * The newsletter form's work (SPEC 2.8): the shared e-mail rule, then POST /api/newsletter. Its
 * own chunk, fetched when the shopper first focuses the field (or presses the button): the footer
 * is on every page and most visits never subscribe (the 150 KB per route budget).
 */
export async function subscribe(
  email: string,
  locale: Locale,
  onSending: () => void,
): Promise<SubscribeOutcome> {
  const { newsletterFormSchema, validateForm } = await import('@qahwa/schema/validation');
  const result = validateForm(newsletterFormSchema(locale), { email });
  if (!result.ok) return { kind: 'invalid', text: result.errors.email ?? '' };
  onSending();
  const answer = await postJson('/api/newsletter', { email: result.data.email, locale });
  if (answer.ok) return { kind: 'done' };
  return { kind: 'failed', text: answer.network ? null : (answer.error ?? null), network: answer.network };
}

/** SPEC 8's error event for a failed subscription (the text the shopper saw). */
export function reportFailure(text: string): void {
  track('error', { message: text, where: 'newsletter' });
}
