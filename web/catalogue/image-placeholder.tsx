import { productInitial } from './product-initial';

/** A coffee-bean mark on a warm block with the product's initial (SPEC 8's missing picture). */
export function ImagePlaceholder({ name, className = '' }: { name: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={name}
      className={`relative flex items-center justify-center overflow-hidden bg-gradient-to-br from-coffee-200 to-coffee-400 ${className}`}
    >
      <svg viewBox="0 0 64 64" aria-hidden="true" className="absolute h-3/5 w-3/5 text-coffee-700/25">
        <ellipse cx="32" cy="32" rx="20" ry="28" fill="currentColor" transform="rotate(30 32 32)" />
        <path
          d="M22 12c10 8 10 32 20 40"
          stroke="var(--color-coffee-100)"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
          transform="rotate(30 32 32)"
        />
      </svg>
      <span aria-hidden="true" className="relative text-4xl font-semibold text-coffee-50">
        {productInitial(name)}
      </span>
    </div>
  );
}
