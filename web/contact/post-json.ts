/**
 * One small POST for the storefront's forms (contact, newsletter): a fresh request id per call,
 * the gateway's error text when it sent one (already in the shopper's language), and whether the
 * network itself failed (SPEC 8 "Network error. Please try again.").
 */
export async function postJson(
  path: string,
  body: unknown,
): Promise<{ ok: true; message?: string } | { ok: false; error?: string; network: boolean }> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as {
      success?: boolean;
      message?: string;
      error?: string;
    } | null;
    if (res.ok && json?.success !== false) return { ok: true, message: json?.message };
    return { ok: false, error: typeof json?.error === 'string' ? json.error : undefined, network: false };
  } catch {
    return { ok: false, network: true };
  }
}
