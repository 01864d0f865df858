/**
 * Search by name in both languages. Shoppers type Arabic with or without its
 * optional marks and with whichever alef their keyboard offers, so both the names and the
 * term are folded to one form before they are compared:
 * - tashkeel (fatha, damma, kasra, tanwin, shadda, sukun, superscript alef, Quranic marks) and
 *   tatweel (ـ, a stretch used for looks) are dropped;
 * - alef forms أ إ آ ٱ → ا, alef maqsura ى → ي, taa marbuta ة → ه, ؤ → و, ئ → ي, and the
 *   lone hamza ء is kept (it is a letter of its own);
 * - Latin is lower-cased and its accents dropped (café = cafe); runs of spaces become one.
 * Pure and deterministic: the catalogue folds its names once per snapshot and each term once.
 */
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;
const LATIN_MARKS = /[\u0300-\u036f]/g;
const LETTER_FORMS: Record<string, string> = {
  '\u0623': '\u0627', // أ
  '\u0625': '\u0627', // إ
  '\u0622': '\u0627', // آ
  '\u0671': '\u0627', // ٱ
  '\u0649': '\u064A', // ى → ي
  '\u0629': '\u0647', // ة → ه
  '\u0624': '\u0648', // ؤ → و
  '\u0626': '\u064A', // ئ → ي
};
const FORMS = new RegExp(`[${Object.keys(LETTER_FORMS).join('')}]`, 'g');

export function normalizeSearchText(text: string): string {
  return (
    text
      // NFD first: آ and the accented Latin letters decompose into a base and a mark.
      .normalize('NFKD')
      .replace(LATIN_MARKS, '')
      .normalize('NFC')
      .replace(ARABIC_MARKS, '')
      .replace(FORMS, (ch) => LETTER_FORMS[ch] ?? ch)
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** True when every word of the term occurs in one of the (already normalised) texts. */
export function matchesSearch(normalisedTexts: readonly string[], term: string): boolean {
  const words = normalizeSearchText(term).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const joined = normalisedTexts.join(' \u0000 ');
  return words.every((w) => joined.includes(w));
}
