import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable } from '@/ui/data-table';
import { FormField } from '@/ui/form-field';
import { TOAST_MS } from '@/ui/toast';

const columns = [
  { key: 'name', header: 'Name' },
  { key: 'price', header: 'Price' },
];
const base = { caption: 'Products', columns, loadingLabel: 'Loading…', empty: { title: 'No products yet' } };
const row = (
  <tr>
    <td>Ethiopia</td>
    <td>45.00</td>
  </tr>
);

describe('the table shell', () => {
  it('shows a busy status while loading, and no rows', () => {
    const html = renderToStaticMarkup(
      <DataTable {...base} state={{ status: 'loading' }}>
        {row}
      </DataTable>,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading…');
    expect(html).not.toContain('Ethiopia');
  });

  it('shows the error as an alert with its retry, and no rows', () => {
    const html = renderToStaticMarkup(
      <DataTable
        {...base}
        state={{ status: 'error', message: 'Could not load', retry: () => {}, retryLabel: 'Try again' }}
      >
        {row}
      </DataTable>,
    );
    expect(html).toMatch(/role="alert"[^>]*>Could not load/);
    expect(html).toContain('Try again');
    expect(html).not.toContain('Ethiopia');
  });

  it('shows the empty state when ready with no rows, and the rows otherwise', () => {
    const empty = renderToStaticMarkup(<DataTable {...base} state={{ status: 'ready', empty: true }} />);
    expect(empty).toContain('No products yet');
    const full = renderToStaticMarkup(
      <DataTable {...base} state={{ status: 'ready', empty: false }}>
        {row}
      </DataTable>,
    );
    expect(full).toContain('Ethiopia');
    expect(full).not.toContain('No products yet');
    // The header cells align to the start edge (right in Arabic), never a physical side.
    expect(full).toContain('text-start');
    expect(full).not.toMatch(/text-(left|right)/);
  });
});

describe('the form field', () => {
  it('ties the label, hint and error to the control', () => {
    const html = renderToStaticMarkup(
      <FormField id="slug" label="Slug" hint="Letters and dashes" error="Slug is taken" required>
        <input />
      </FormField>,
    );
    expect(html).toContain('for="slug"');
    expect(html).toMatch(
      /<input[^>]*id="slug"[^>]*aria-invalid="true"[^>]*aria-describedby="slug-hint slug-error"/,
    );
  });
});

describe('toasts (SPEC 9)', () => {
  it('last 4 s, 2 s on success', () => {
    expect(TOAST_MS).toEqual({ success: 2000, error: 4000, info: 4000 });
  });
});
