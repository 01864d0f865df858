'use client';

import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { API_PREFIX, LOGIN_PATH } from '@/auth/redirects';
import { ChevronDownIcon } from './icons';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

export function UserMenu({
  name,
  email,
  showSettings,
}: {
  name: string;
  email: string;
  showSettings: boolean;
}) {
  const t = useTranslations('UserMenu');
  const [error, setError] = useState<string | null>(null);

  // A real sign-out (SPEC 2.1 only logged to the console): the gateway drops the session and
  // clears its cookie; a full page load then leaves no signed-in state in memory.
  async function logout() {
    setError(null);
    try {
      const response = await fetch(`${API_PREFIX}/auth/logout`, {
        method: 'POST',
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(`logout: ${response.status}`);
      window.location.assign(LOGIN_PATH);
    } catch {
      setError(t('logoutFailed'));
    }
  }

  const itemClass =
    'block w-full rounded px-3 py-2 text-start text-sm text-stone-800 data-focus:bg-amber-50 data-focus:text-stone-950';

  return (
    <div className="relative">
      <Menu>
        <MenuButton
          aria-label={t('label', { name })}
          className="inline-flex items-center gap-2 rounded-md px-1.5 py-1.5 text-sm hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-amber-500"
        >
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-full bg-coffee-800 text-xs font-semibold text-white"
          >
            {initials(name)}
          </span>
          <span aria-hidden="true" className="hidden max-w-40 truncate font-medium text-stone-800 sm:inline">
            {name}
          </span>
          <ChevronDownIcon className="size-4 text-stone-500" />
        </MenuButton>
        <MenuItems
          anchor={{ to: 'bottom end', gap: 4 }}
          className="z-50 w-56 rounded-md border border-stone-200 bg-white p-1 shadow-lg focus:outline-none"
        >
          <div className="border-b border-stone-100 px-3 py-2 text-xs text-stone-500">
            <p className="truncate font-medium text-stone-800">{name}</p>
            <p className="truncate">
              <span dir="ltr">{email}</span>
            </p>
          </div>
          <MenuItem>
            <Link href="/backend/profile" className={itemClass}>
              {t('profile')}
            </Link>
          </MenuItem>
          {showSettings ? (
            <MenuItem>
              <Link href="/backend/settings" className={itemClass}>
                {t('settings')}
              </Link>
            </MenuItem>
          ) : null}
          <MenuItem>
            <button type="button" onClick={logout} className={`${itemClass} text-red-700`}>
              {t('logout')}
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
      {error ? (
        <p
          role="alert"
          className="absolute end-0 top-full mt-2 w-64 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 shadow"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
