import type { ReactNode } from 'react';

export interface Column {
  key: string;
  header: ReactNode;
  /** Extra classes for the header cell (alignment, hiding on small screens). */
  className?: string;
}

export type TableState =
  | { status: 'loading' }
  | { status: 'error'; message: string; retry?: () => void; retryLabel?: string }
  | { status: 'ready'; empty: boolean };

const HEADER = {
  plain: 'px-4 py-3 text-start font-semibold text-stone-700',
  caps: 'px-2 py-3 sm:px-4 text-xs font-semibold uppercase tracking-wide whitespace-nowrap text-stone-500',
  /** Tighter padding, one line each: wide editing tables (variations) that must fit a 1366 px screen. */
  compact: 'px-2 py-3 xl:px-3 text-start font-semibold whitespace-nowrap text-stone-700',
} as const;

/**
 * The back office's one table shell: every table has a loading, an empty and an error
 * state, in the same place and words. Rows come as children (`<tr>`s); the shell draws the
 * caption, the header and, instead of rows, the state.
 */
export function DataTable({
  caption,
  columns,
  state,
  loadingLabel,
  empty,
  headers = 'plain',
  children,
}: {
  caption: string;
  columns: readonly Column[];
  state: TableState;
  loadingLabel: string;
  /** Shown when ready with no rows: a title and, optionally, what to do next. */
  empty: { title: string; body?: ReactNode };
  /** `caps`: small capitals, tighter on phones (the long operations lists: orders, leads). */
  headers?: 'plain' | 'caps' | 'compact';
  children?: ReactNode;
}) {
  const span = columns.length;
  let body: ReactNode;
  if (state.status === 'loading') {
    body = (
      <tr>
        <td colSpan={span} className="px-4 py-10 text-center text-sm text-stone-500">
          <span role="status" className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-coffee-700"
            />
            {loadingLabel}
          </span>
        </td>
      </tr>
    );
  } else if (state.status === 'error') {
    body = (
      <tr>
        <td colSpan={span} className="px-4 py-10 text-center">
          <p role="alert" className="text-sm text-red-700">
            {state.message}
          </p>
          {state.retry ? (
            <button
              type="button"
              onClick={state.retry}
              className="mt-3 rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50"
            >
              {state.retryLabel}
            </button>
          ) : null}
        </td>
      </tr>
    );
  } else if (state.empty) {
    body = (
      <tr>
        <td colSpan={span} className="px-4 py-10 text-center">
          <p className="font-medium text-stone-700">{empty.title}</p>
          {empty.body ? <div className="mt-1 text-sm text-stone-500">{empty.body}</div> : null}
        </td>
      </tr>
    );
  } else {
    body = children;
  }
  return (
    // `relative`: a visually hidden header (`sr-only`, absolutely placed) in a column scrolled out
    // of view would otherwise widen the whole page on a phone; here it stays inside the scroller.
    <div className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-stone-200 text-sm" aria-busy={state.status === 'loading'}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-50">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`${HEADER[headers]} ${c.className ?? ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{body}</tbody>
      </table>
    </div>
  );
}
