'use client';

import { lazy, Suspense, useState } from 'react';
import type { MenuLink } from './menu-link';

// The sheet (and the dialog library) loads on the first tap, not with every page (the 150 KB per route budget).
// React's lazy, not next/dynamic: it is only ever rendered after a tap, so it needs no server
// rendering, and next/dynamic's loader was 2 KB of every page.
const MobileMenuSheet = lazy(() =>
  import('./mobile-menu-sheet').then((m) => ({ default: m.MobileMenuSheet })),
);

/**
 * The phone's menu: a button in the header and a sheet sliding in from the start side (the right
 * in Arabic), every screen one tap away. Labels come from the server header, so this island
 * carries no messages of its own.
 */
export function MobileMenu({
  links,
  openLabel,
  title,
  closeLabel,
}: {
  links: MenuLink[];
  openLabel: string;
  title: string;
  closeLabel: string;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        // A finger on the button is a good sign the sheet is next: start fetching it.
        onPointerDown={() => setWanted(true)}
        aria-label={openLabel}
        aria-haspopup="dialog"
        className="flex h-10 w-10 items-center justify-center rounded-full text-coffee-900 hover:bg-coffee-100 md:hidden"
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuSheet
            links={links}
            title={title}
            closeLabel={closeLabel}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
