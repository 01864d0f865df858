import type { Locale } from '@qahwa/schema/money';
import { postJson } from '@/contact/post-json';

/** What the form shows after a press of "Notify me". */
export type NotifyOutcome =
  | { kind: 'invalid'; text: string }
  | { kind: 'done'; text: string | undefined }
  | { kind: 'failed'; text: string | null; network: boolean };

/**
 * The back-in-stock form's work (docs/back-in-stock.md): the shared e-mail rule, then
 * POST /api/back-in-stock. Its own chunk, fetched on the field's first focus: the product page
 * and the options modal carry only the form (the 150 KB per route budget).
 */
export async function requestAlert(
  variationId: string,
  email: string,
  locale: Locale,
  onSending: () => void,
): Promise<NotifyOutcome> {
  const { newsletterFormSchema, validateForm } = await import('@qahwa/schema/validation');
  // The newsletter's form is exactly the e-mail rule: the same words for the same mistake.
  const result = validateForm(newsletterFormSchema(locale), { email });
  if (!result.ok) return { kind: 'invalid', text: result.errors.email ?? '' };
  onSending();
  const answer = await postJson('/api/back-in-stock', { variationId, email: result.data.email, locale });
  if (answer.ok) return { kind: 'done', text: answer.message };
  return { kind: 'failed', text: answer.network ? null : (answer.error ?? null), network: answer.network };
}
