/**
 * A rebuild that is never run twice at once (the in-memory catalogue's and settings' shape):
 * one in flight and at most one queued. Any number of calls during a build become the one queued
 * build, which starts after the current one and so reads every change those calls announced (an
 * event is published only after its transaction committed). The returned promise resolves once a
 * build that started after the call has finished, and rejects if that build failed.
 */
export function coalescedRefresh(
  build: (reason: string) => Promise<void>,
): (reason?: string) => Promise<void> {
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  function refresh(reason = 'requested'): Promise<void> {
    if (!inFlight) {
      inFlight = build(reason).finally(() => {
        inFlight = null;
      });
      return inFlight;
    }
    queued ??= inFlight
      .catch(() => {})
      .then(() => {
        queued = null;
        return refresh(reason);
      });
    return queued;
  }
  return refresh;
}
