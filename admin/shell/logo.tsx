import { useTranslations } from 'next-intl';

/** Placeholder logo (SPEC 2.1): a coffee bean and the store's name. */
export function Logo({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const t = useTranslations('Logo');
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <ellipse cx="16" cy="16" rx="11" ry="14" transform="rotate(-30 16 16)" className="fill-amber-600" />
        <path
          d="M10 25c5-4 7-14 12-18"
          className="fill-none stroke-amber-950"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span className="flex flex-col leading-tight">
        <span className={`text-lg font-semibold ${tone === 'light' ? 'text-white' : 'text-coffee-900'}`}>
          {t('name')}
        </span>
        <span className={`text-xs ${tone === 'light' ? 'text-amber-200' : 'text-coffee-600'}`}>
          {t('tagline')}
        </span>
      </span>
    </span>
  );
}
