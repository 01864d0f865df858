'use client';

import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { Locale } from '@qahwa/schema';
import { LOCALES } from '@qahwa/schema/reference';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { applyLocale } from '@/i18n/change-locale';
import { CheckIcon, GlobeIcon } from './icons';

// Each language is named in itself, so a reader of either can find theirs.
const ORDER: readonly Locale[] = ['ar', 'en'];

export function LanguageMenu({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const t = useTranslations('LanguageMenu');
  const current = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(locale: Locale) {
    if (locale === current) return;
    applyLocale(locale);
    startTransition(() => router.refresh());
  }

  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={t('label')}
        aria-busy={pending || undefined}
        className={`inline-flex items-center gap-1.5 rounded-md px-2.5 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-amber-500 ${
          tone === 'light' ? 'text-stone-700 hover:bg-stone-100' : 'text-stone-700 hover:bg-white'
        }`}
      >
        <GlobeIcon className="size-5" />
        <span lang={current} aria-hidden="true">
          {t(current)}
        </span>
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 4 }}
        className="z-50 w-40 rounded-md border border-stone-200 bg-white p-1 shadow-lg focus:outline-none"
      >
        {ORDER.filter((l) => LOCALES.includes(l)).map((locale) => (
          <MenuItem key={locale}>
            <button
              type="button"
              lang={locale}
              onClick={() => choose(locale)}
              className="flex w-full items-center justify-between gap-2 rounded px-3 py-2 text-start text-sm text-stone-800 data-focus:bg-amber-50"
            >
              {t(locale)}
              {locale === current ? <CheckIcon className="size-4 text-amber-700" /> : null}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
