import type { SessionUser } from '@qahwa/schema';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { menuEntry, visibleMenu } from '@/menu';
import { ToastProvider } from '@/ui/toast';
import { Logo } from './logo';
import type { NavItem } from './nav-item';
import { SidebarNav } from './sidebar-nav';
import { TopBar } from './top-bar';

/**
 * SPEC 2.1 shell: a sidebar on the start side and a top bar with the two menus. The sidebar is a
 * column of the page's row (its dark background stretches with the longest page, in either
 * direction, and in full-page captures, where a `position: fixed` panel stops at the first
 * screen), and its contents stick to the top of the view while the page scrolls.
 */
export async function AdminShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const [tMenu, tSidebar, tShell] = await Promise.all([
    getTranslations('Menu'),
    getTranslations('Sidebar'),
    getTranslations('Shell'),
  ]);
  const entries = visibleMenu(user);
  const items: NavItem[] = entries.map((entry) => ({
    id: entry.id,
    href: entry.href,
    label: tMenu(entry.id),
  }));
  const settings = menuEntry('settings');
  const showSettings = settings !== undefined && entries.includes(settings);

  return (
    <div className="min-h-dvh lg:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {tShell('skip')}
      </a>
      <div className="hidden w-64 shrink-0 bg-coffee-950 lg:block">
        <aside className="sticky top-0 z-30 flex h-dvh flex-col text-white">
          <div className="flex h-16 shrink-0 items-center px-5">
            <Logo />
          </div>
          <SidebarNav items={items} label={tSidebar('navLabel')} />
        </aside>
      </div>
      <div className="min-w-0 flex-1">
        <TopBar items={items} user={{ name: user.name, email: user.email }} showSettings={showSettings} />
        <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
          <ToastProvider>{children}</ToastProvider>
        </main>
      </div>
    </div>
  );
}
