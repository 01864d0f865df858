'use client';

import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { usePathname } from 'next/navigation';
import { DialogHeader } from './dialog-header';
import type { MenuLink } from './menu-link';

/** The phone menu's sheet, sliding in from the start side (the right in Arabic). Loaded on the first tap. */
export function MobileMenuSheet({
  links,
  title,
  closeLabel,
  open,
  onClose,
}: {
  links: MenuLink[];
  title: string;
  closeLabel: string;
  open: boolean;
  onClose: () => void;
}) {
  const pathname = usePathname();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 md:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-coffee-950/40 transition-opacity duration-300 data-closed:opacity-0"
      />
      <DialogPanel
        transition
        className="fixed inset-y-0 start-0 flex w-full max-w-xs flex-col bg-white shadow-2xl transition duration-300 ease-out data-closed:-translate-x-full rtl:data-closed:translate-x-full"
      >
        <DialogHeader title={title} closeLabel={closeLabel} onClose={onClose} />
        <nav aria-label={title} className="overflow-y-auto p-2">
          <ul>
            {links.map((l) => (
              <li key={l.href}>
                <a
                  href={l.href}
                  onClick={onClose}
                  aria-current={pathname === l.href ? 'page' : undefined}
                  className="block rounded-lg px-3 py-3 text-base font-medium text-coffee-900 hover:bg-coffee-50 aria-[current=page]:bg-coffee-100"
                >
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </DialogPanel>
    </Dialog>
  );
}
