import type { ReactNode } from 'react';

/** One dashboard widget: a titled card; `id` ties the heading to the section for screen readers. */
export function Panel({
  id,
  title,
  intro,
  action,
  children,
  className = '',
}: {
  id: string;
  title: string;
  intro?: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`min-w-0 rounded-lg border border-stone-200 bg-white p-5 shadow-sm ${className}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={`${id}-heading`} className="text-base font-semibold text-stone-900">
          {title}
        </h2>
        {action}
      </div>
      {intro ? <p className="mt-0.5 text-xs text-stone-500">{intro}</p> : null}
      {children}
    </section>
  );
}

/** The figures behind a chart, one click away and readable without JavaScript (a `<details>`). */
export function FiguresTable({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className="group mt-3 text-sm">
      <summary className="cursor-pointer text-xs font-medium text-coffee-700 hover:text-coffee-900 hover:underline">
        {summary}
      </summary>
      <div className="mt-2 max-h-72 overflow-auto rounded border border-stone-200">{children}</div>
    </details>
  );
}

export const th = 'sticky top-0 bg-stone-50 px-3 py-2 text-xs font-semibold whitespace-nowrap text-stone-500';
export const td = 'px-3 py-1.5 whitespace-nowrap tabular-nums text-stone-700';
