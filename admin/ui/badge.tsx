import type { ReactNode } from 'react';

/**
 * A status as a coloured pill (an order's, a lead's). The tone is whole Tailwind classes
 * (background, text, ring), chosen by the caller from its own table of colours.
 */
export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tone}`}
    >
      {children}
    </span>
  );
}
