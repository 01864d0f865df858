'use client';

import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { DialogHeader } from './dialog-header';

export interface MenuLink {
  href: string;
  label: string;
}

/**
 * The phone's menu: a sheet sliding in from the start side (the right in Arabic), every screen
 * one tap away. Labels come from the server header, so this island carries no messages of its own.
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
  const pathname = usePathname();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={openLabel}
        aria-haspopup="dialog"
        className="flex h-10 w-10 items-center justify-center rounded-full text-coffee-900 hover:bg-coffee-100 md:hidden"
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50 md:hidden">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-coffee-950/40 transition-opacity duration-300 data-closed:opacity-0"
        />
        <DialogPanel
          transition
          className="fixed inset-y-0 start-0 flex w-full max-w-xs flex-col bg-white shadow-2xl transition duration-300 ease-out data-closed:-translate-x-full rtl:data-closed:translate-x-full"
        >
          <DialogHeader title={title} closeLabel={closeLabel} onClose={() => setOpen(false)} />
          <nav aria-label={title} className="overflow-y-auto p-2">
            <ul>
              {links.map((l) => (
                <li key={l.href}>
                  <Link
                    href={l.href}
                    onClick={() => setOpen(false)}
                    aria-current={pathname === l.href ? 'page' : undefined}
                    className="block rounded-lg px-3 py-3 text-base font-medium text-coffee-900 hover:bg-coffee-50 aria-[current=page]:bg-coffee-100"
                  >
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </DialogPanel>
      </Dialog>
    </>
  );
}
