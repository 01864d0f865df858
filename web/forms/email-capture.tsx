'use client';

import { type KeyboardEvent, useRef, useState } from 'react';

/**
 * What the store's e-mail captures share ("Save my cart", "Notify me when it's back", the
 * newsletter): an address, a request fetched with its validation on the field's first focus (the
 * per-route budget), and the same answers — the shared e-mail rule's words for a bad address, the
 * gateway's words or "Failed…" for a refusal, "Network error…" when nothing came back.
 */
export type CaptureOutcome<Done extends object> =
  | { kind: 'invalid'; text: string }
  | ({ kind: 'done' } & Done)
  | { kind: 'failed'; text: string | null; network: boolean };

export type CaptureState<Done extends object> =
  | { kind: 'idle' | 'sending' }
  | { kind: 'invalid'; text: string }
  | ({ kind: 'done' } & Done)
  | { kind: 'failed'; text: string };

/** The address, the capture's state, and `send`, which runs one request at a time. */
export function useEmailCapture<Done extends object>(words: { networkError: string; failed: string }) {
  const [email, setEmailValue] = useState('');
  const [state, setState] = useState<CaptureState<Done>>({ kind: 'idle' });
  const busy = useRef(false);

  /** A new address clears the "not an e-mail" message. */
  function setEmail(value: string) {
    setEmailValue(value);
    setState((s) => (s.kind === 'invalid' ? { kind: 'idle' } : s));
  }

  /**
   * Runs the request (its chunk loaded inside: a chunk that cannot be fetched is a network error)
   * and answers the state it led to; null while another is on its way.
   */
  async function send(
    request: (email: string, onSending: () => void) => Promise<CaptureOutcome<Done>>,
  ): Promise<CaptureState<Done> | null> {
    if (busy.current) return null;
    busy.current = true;
    let next: CaptureState<Done>;
    try {
      const outcome = await request(email, () => setState({ kind: 'sending' }));
      next =
        outcome.kind === 'failed'
          ? { kind: 'failed', text: outcome.network ? words.networkError : (outcome.text ?? words.failed) }
          : outcome;
    } catch {
      next = { kind: 'failed', text: words.networkError };
    } finally {
      busy.current = false;
    }
    setState(next);
    return next;
  }

  return { email, setEmail, state, send };
}

/**
 * The address field of a capture on a light card, with its button, the bad address's message, what
 * the address is used for, and a refusal: "Save my cart" and "Notify me when it's back".
 */
export function EmailCaptureFields({
  id,
  capture,
  t,
  onFocus,
  row = 'flex flex-col gap-2',
  button,
  onKeyDown,
}: {
  id: string;
  capture: { email: string; setEmail: (value: string) => void; state: CaptureState<object> };
  /** The capture's own words, from its namespace (each has these keys, in both languages). */
  t: (key: 'email' | 'placeholder' | 'submit' | 'sending' | 'consent') => string;
  /** Fetches the request's chunk ahead of the submit. */
  onFocus: () => void;
  /** The row of field and button (stacked, or side by side from `sm`). */
  row?: string;
  button: { className: string; type: 'submit' | 'button'; onClick?: () => void };
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const { email, setEmail, state } = capture;
  const errorId = `${id}-error`;
  const consentId = `${id}-consent`;
  return (
    <>
      <div>
        <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium text-coffee-900">
          {t('email')}
        </label>
        <div className={row}>
          <input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            dir="ltr"
            value={email}
            placeholder={t('placeholder')}
            aria-invalid={state.kind === 'invalid' ? true : undefined}
            aria-describedby={state.kind === 'invalid' ? `${errorId} ${consentId}` : consentId}
            onFocus={onFocus}
            onChange={(e) => setEmail(e.target.value)}
            onKeyDown={onKeyDown}
            className="min-w-0 flex-1 rounded-lg border border-coffee-300 bg-white px-3 py-2 text-coffee-900 placeholder:text-coffee-400 rtl:text-end"
          />
          <button
            type={button.type}
            onClick={button.onClick}
            disabled={state.kind === 'sending'}
            className={button.className}
          >
            {state.kind === 'sending' ? t('sending') : t('submit')}
          </button>
        </div>
        {state.kind === 'invalid' ? (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {state.text}
          </p>
        ) : null}
      </div>
      <p id={consentId} className="text-xs text-coffee-700">
        {t('consent')}
      </p>
      {state.kind === 'failed' ? (
        <p role="alert" className="text-sm text-red-700">
          {state.text}
        </p>
      ) : null}
    </>
  );
}
