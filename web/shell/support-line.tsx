import { telHref } from './tel-href';

/** A phone number inside a sentence: an optional +, then digits with spaces, brackets or dashes. */
const PHONE_RUN = /\+?\d[\d ()-]{5,}\d/;

/**
 * The support line as staff wrote it under Content ("Customer support, 24/7: +971 4 000 0000"),
 * split around its phone number so the number can be a call link. The text keeps staff's words;
 * Unicode isolates around the number (an Arabic line's ⁦…⁩) stay in the text around it.
 */
export function splitSupportLine(text: string): { before: string; phone: string; after: string } | null {
  const m = PHONE_RUN.exec(text);
  if (!m) return null;
  return { before: text.slice(0, m.index), phone: m[0], after: text.slice(m.index + m[0].length) };
}

/**
 * The footer's support line: the content text when staff wrote one, its number a `tel:` link read
 * left to right; without the text, the page's own words and the store's phone from Settings.
 */
export function SupportLine({ text, label, phone }: { text: string | null; label: string; phone: string }) {
  const link = (number: string) => (
    <a href={telHref(number)} dir="ltr" className="inline-block font-medium text-white hover:underline">
      {number}
    </a>
  );
  if (text === null) {
    return (
      <p data-testid="support-line">
        {label} {link(phone)}
      </p>
    );
  }
  const parts = splitSupportLine(text);
  return (
    <p data-testid="support-line">
      {parts ? (
        <>
          {parts.before}
          {link(parts.phone)}
          {parts.after}
        </>
      ) : (
        text
      )}
    </p>
  );
}
