'use client';

import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { CloseIcon, MenuIcon } from './icons';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';
import type { NavItem } from './nav-item';
import { SidebarNav } from './sidebar-nav';
import { UserMenu } from './user-menu';

export function TopBar({
  items,
  user,
  showSettings,
}: {
  items: readonly NavItem[];
  user: { name: string; email: string };
  showSettings: boolean;
}) {
  const t = useTranslations('TopBar');
  const navLabel = useTranslations('Sidebar')('navLabel');
  const [open, setOpen] = useState(false);

  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-stone-200 bg-white/95 px-4 backdrop-blur sm:px-6">
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('openMenu')}
        aria-expanded={open}
        className="-ms-1 rounded-md p-2 text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-amber-500 lg:hidden"
      >
        <MenuIcon className="size-6" />
      </button>
      <div className="lg:hidden">
        <Logo tone="dark" />
      </div>
      <div className="ms-auto flex items-center gap-1 sm:gap-2">
        <LanguageMenu />
        <UserMenu name={user.name} email={user.email} showSettings={showSettings} />
      </div>

      {/* Small screens: the sidebar slides in from the start edge (right in Arabic). */}
      <Dialog open={open} onClose={setOpen} className="relative z-40 lg:hidden">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-stone-950/50 transition-opacity duration-200 data-closed:opacity-0"
        />
        <div className="fixed inset-0 flex">
          <DialogPanel
            transition
            className="relative flex w-72 max-w-[85vw] flex-col bg-coffee-950 text-white shadow-xl transition duration-200 ease-out data-closed:-translate-x-full rtl:data-closed:translate-x-full"
          >
            <DialogTitle className="sr-only">{navLabel}</DialogTitle>
            <div className="flex h-16 items-center justify-between px-5">
              <Logo />
              <button
                type="button"
                onClick={() => setOpen(false)}
                aria-label={t('closeMenu')}
                className="rounded-md p-2 text-stone-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400"
              >
                <CloseIcon className="size-5" />
              </button>
            </div>
            <SidebarNav items={items} label={navLabel} onNavigate={() => setOpen(false)} />
          </DialogPanel>
        </div>
      </Dialog>
    </header>
  );
}
