import { api, refusalOf } from '@/lib/browser-api';

/**
 * One small POST for the storefront's forms (contact, newsletter): a fresh request id per call,
 * the gateway's error text when it sent one (already in the shopper's language), and whether the
 * network itself failed (SPEC 8 "Network error. Please try again.").
 */
export async function postJson(
  path: string,
  body: unknown,
): Promise<{ ok: true; message?: string } | { ok: false; error?: string; network: boolean }> {
  const answer = await api(path, { method: 'POST', body });
  if (!answer.ok && answer.reason === 'network') return { ok: false, network: true };
  const json = answer.body as { success?: boolean; message?: string } | null;
  if (answer.ok && json?.success !== false) return { ok: true, message: json?.message };
  const error = refusalOf(answer.body).message;
  return { ok: false, error: error ?? undefined, network: false };
}
