import Link from 'next/link';

/** A filter as links (the URL keeps it: a filtered list can be shared or reloaded). */
export function FilterLinks({
  label,
  options,
}: {
  label: string;
  options: readonly { href: string; label: string; count?: number; active: boolean }[];
}) {
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => (
          <li key={o.href}>
            <Link
              href={o.href}
              aria-current={o.active ? 'page' : undefined}
              className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm ${
                o.active
                  ? 'border-coffee-700 bg-coffee-700 text-white'
                  : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50'
              }`}
            >
              {o.label}
              {o.count === undefined ? null : <span className="tabular-nums opacity-80">{o.count}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
