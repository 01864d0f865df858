import type { OfferSettings } from '@qahwa/schema/contracts';
import type { Locale } from '@qahwa/schema/money';
import { offerCountdown, offerMessage } from '@qahwa/schema/offers';
import { useLocale, useTranslations } from 'next-intl';
import { OfferClock } from './offer-clock';

export type OfferBannerSize = 'small' | 'medium' | 'large';

const SIZES: Record<OfferBannerSize, { box: string; time: string; text: string; icon: string }> = {
  small: { box: 'px-3 py-1.5 gap-2 text-xs', time: 'text-sm', text: 'text-xs', icon: 'h-4 w-4' },
  medium: { box: 'px-4 py-3 gap-3 text-sm rounded-xl', time: 'text-lg', text: 'text-sm', icon: 'h-5 w-5' },
  large: {
    box: 'px-5 py-5 gap-4 rounded-2xl sm:px-8',
    time: 'text-3xl sm:text-4xl',
    text: 'text-base sm:text-lg',
    icon: 'h-7 w-7',
  },
};

/**
 * The offer countdown banner (SPEC 2.8, 4): HH:MM:SS to the offer's end, ticking every second,
 * in three sizes with an optional icon and message. Hidden when the offer is inactive, has no
 * end time, or has ended — including the moment it ends while the page is open.
 *
 * A server component: only the clock is an island (`offer-clock.tsx`, which also hides the
 * banner when the offer ends). `renderedAt` is the server's clock when it drew the page.
 */
export function OfferBanner({
  offer,
  renderedAt,
  size = 'medium',
  icon = true,
  message,
}: {
  offer: OfferSettings;
  renderedAt: number;
  size?: OfferBannerSize;
  icon?: boolean;
  /** Overrides the offer's own message. */
  message?: string;
}) {
  const t = useTranslations('OfferBanner');
  const locale = useLocale() as Locale;
  if (!offerCountdown(offer, new Date(renderedAt))) return null;
  const s = SIZES[size];
  const text = message ?? offerMessage(offer, locale) ?? t('defaultMessage');
  return (
    <aside
      aria-label={t('label')}
      className={`flex flex-wrap items-center justify-between bg-gradient-to-r from-red-800 to-coffee-900 text-white rtl:bg-gradient-to-l ${s.box}`}
    >
      <p className={`flex items-center gap-2 font-semibold ${s.text}`}>
        {icon ? (
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className={`${s.icon} shrink-0 text-amber-300`}
            fill="currentColor"
          >
            <path d="M12 2c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5.2 1.6 1 2.5 2 3 0-3 .5-6 1-8.5Z" />
          </svg>
        ) : null}
        {text}
      </p>
      <p className="flex items-baseline gap-2">
        <span className={`${s.text} text-amber-100`}>{t('endsIn')}</span>
        <OfferClock
          offer={offer}
          renderedAt={renderedAt}
          className={`font-mono font-bold tabular-nums ${s.time}`}
        />
      </p>
    </aside>
  );
}
