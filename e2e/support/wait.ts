/**
 * Polls `read` until `ok` holds: for what the stack does behind the page (a projection catching up,
 * a consumer re-driving an event). Fails with the last value read, so a wrong figure is visible.
 */
export async function waitUntil<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
