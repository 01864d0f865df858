import { formatAed, type Locale, toFils } from '@qahwa/schema';
import type { ReactNode } from 'react';

/** One of the order page's boxes (docs/orders.md): a titled section, named by its title. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">{title}</h2>
      {children}
    </section>
  );
}

/** A label and its value on one line of a card's list. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="text-stone-500">{label}</dt>
      <dd className="text-end text-stone-900">{children}</dd>
    </div>
  );
}

/** The order's amounts are AED as the API sends them; shown in the page's language. */
export const aedIn = (locale: Locale) => (amount: number) => formatAed(toFils(amount), locale);
