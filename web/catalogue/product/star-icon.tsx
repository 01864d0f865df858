/**
 * A star drawn, not typed: a glyph would be text, held to text contrast; the pale empty star
 * is a picture beside a label that says the rating in words.
 */
export function StarIcon({ filled, className = 'h-4 w-4' }: { filled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className={`${className} ${filled ? 'text-amber-600' : 'text-coffee-200'}`}
      fill="currentColor"
    >
      <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.8z" />
    </svg>
  );
}
