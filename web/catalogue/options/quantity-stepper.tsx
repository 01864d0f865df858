'use client';

/** A quantity from 1 to `max`: − and + around a number field, each step clamped. */
export function QuantityStepper({
  id,
  value,
  max,
  onChange,
  decreaseLabel,
  increaseLabel,
}: {
  id: string;
  value: number;
  max?: number | undefined;
  onChange: (value: number) => void;
  decreaseLabel: string;
  increaseLabel: string;
}) {
  const clamp = (n: number) => Math.max(1, max === undefined ? n : Math.min(n, max));
  const button =
    'flex h-10 w-10 items-center justify-center text-lg text-coffee-800 hover:bg-coffee-50 disabled:text-coffee-300';
  return (
    <div className="inline-flex items-center overflow-hidden rounded-lg border border-coffee-300">
      <button
        type="button"
        aria-label={decreaseLabel}
        aria-controls={id}
        disabled={value <= 1}
        onClick={() => onChange(clamp(value - 1))}
        className={button}
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        onChange={(e) => {
          const n = Number.parseInt(e.target.value, 10);
          onChange(Number.isFinite(n) ? clamp(n) : 1);
        }}
        className="h-10 w-14 border-x border-coffee-300 text-center text-coffee-900 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button
        type="button"
        aria-label={increaseLabel}
        aria-controls={id}
        disabled={max !== undefined && value >= max}
        onClick={() => onChange(clamp(value + 1))}
        className={button}
      >
        +
      </button>
    </div>
  );
}
