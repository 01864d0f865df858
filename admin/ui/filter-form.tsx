import type { ReactNode } from 'react';

export interface FilterOption {
  value: string;
  label: string;
}

interface FieldBase {
  /** The query parameter, and with the form's `id` the input's id (`orders-status`). */
  name: string;
  label: string;
  /** What the URL holds now (the form is a plain GET form: it shows the filter it was opened with). */
  value?: string | undefined;
  /** Two grid columns on wide screens (the search box). */
  wide?: boolean;
}

/** A filter field described as data; the form draws every field the same way. */
export type FilterField =
  | (FieldBase & { kind: 'search'; dir?: 'ltr' })
  | (FieldBase & { kind: 'date' })
  | (FieldBase & { kind: 'select'; any: string; options: readonly FilterOption[] });

// Whole class names, so Tailwind finds them in the source.
const GRID = { 5: 'lg:grid-cols-5', 6: 'lg:grid-cols-6', 7: 'lg:grid-cols-7' } as const;
const SPAN = { 5: 'lg:col-span-5', 6: 'lg:col-span-6', 7: 'lg:col-span-7' } as const;

const fieldClass = 'mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm';
const labelClass = 'block text-xs font-medium text-stone-600';

/**
 * A list screen's search and filters as a plain GET form: the filter lives in the URL (shareable,
 * back button) and works before any script loads; `lib/url-filter.ts` reads it back. The buttons
 * either take a row of their own under the fields (`buttons: 'row'`, with room for more actions
 * such as an export link) or the grid's last cell (`'cell'`).
 */
export function FilterForm({
  id,
  action,
  label,
  columns,
  fields,
  hidden = {},
  apply,
  reset,
  buttons = 'row',
  children,
}: {
  id: string;
  action: string;
  /** The form's accessible name. */
  label: string;
  columns: keyof typeof GRID;
  fields: readonly FilterField[];
  /** Parts of the filter that are not fields here (a tab chosen above the form). */
  hidden?: Record<string, string | undefined>;
  apply: string;
  reset: { href: string; label: string };
  buttons?: 'row' | 'cell';
  /** More actions after the reset link (the row layout only). */
  children?: ReactNode;
}) {
  return (
    <form
      method="get"
      action={action}
      aria-label={label}
      className={`mb-4 grid grid-cols-1 gap-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 ${GRID[columns]}`}
    >
      {Object.entries(hidden).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {fields.map((f) => (
        <div key={f.name} className={f.wide ? 'lg:col-span-2' : undefined}>
          <label className={labelClass} htmlFor={`${id}-${f.name}`}>
            {f.label}
          </label>
          <FilterControl id={`${id}-${f.name}`} field={f} />
        </div>
      ))}
      <div
        className={
          buttons === 'row'
            ? `flex flex-wrap items-center gap-3 sm:col-span-2 ${SPAN[columns]}`
            : 'flex items-end gap-3'
        }
      >
        <button
          type="submit"
          className="rounded-md bg-amber-800 px-4 py-2 text-sm font-medium text-white hover:bg-amber-900"
        >
          {apply}
        </button>
        <a
          href={reset.href}
          className={
            buttons === 'row' ? 'text-sm text-stone-600 underline' : 'pb-2 text-sm text-stone-600 underline'
          }
        >
          {reset.label}
        </a>
        {children}
      </div>
    </form>
  );
}

function FilterControl({ id, field }: { id: string; field: FilterField }) {
  switch (field.kind) {
    case 'select':
      return (
        <select id={id} name={field.name} defaultValue={field.value ?? ''} className={fieldClass}>
          <option value="">{field.any}</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'search':
    case 'date':
      return (
        <input
          id={id}
          name={field.name}
          type={field.kind}
          defaultValue={field.value ?? ''}
          className={fieldClass}
          {...(field.kind === 'search' && field.dir ? { dir: field.dir } : {})}
        />
      );
  }
}

/** Options of a select from a list of values and their labels. */
export function optionsOf<V extends string>(values: readonly V[], label: (v: V) => string): FilterOption[] {
  return values.map((value) => ({ value, label: label(value) }));
}
