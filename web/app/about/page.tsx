import type { Locale } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { getSiteTexts } from '@/lib/catalogue';
import { freeShippingThresholdText, storeNameText } from '@/lib/settings';
import { TextPage } from '@/policies/text-page';
import { siteText } from '@/shell/site-text';

/** The lead paragraph: staff's About text under Content when there is one, else the page's own. */
async function aboutIntro(locale: Locale, fallback: string): Promise<string> {
  return siteText(await getSiteTexts(), 'about', locale) ?? fallback;
}

export async function generateMetadata(): Promise<Metadata> {
  const [t, locale] = await Promise.all([getTranslations('AboutPage'), getLocale() as Promise<Locale>]);
  const [store, intro] = await Promise.all([storeNameText(locale), aboutIntro(locale, t('intro'))]);
  // "About qahwa" names the store already: no " · qahwa" after it.
  return { title: { absolute: t('title', { store }) }, description: intro.slice(0, 160) };
}

export default async function AboutRoute() {
  const [t, locale] = await Promise.all([getTranslations('AboutPage'), getLocale() as Promise<Locale>]);
  const [threshold, store, intro] = await Promise.all([
    freeShippingThresholdText(locale),
    storeNameText(locale),
    aboutIntro(locale, t('intro')),
  ]);
  const sections = (['s1', 's2', 's3', 's4'] as const).map((key) => ({
    title: t(`${key}.title`),
    body: t(`${key}.body`, { threshold }),
  }));
  return <TextPage title={t('title', { store })} intro={intro} note={t('note')} sections={sections} />;
}
