import type { Locale } from '@qahwa/schema';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { freeShippingThresholdText } from '@/lib/settings';
import { TextPage } from '@/policies/text-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('AboutPage');
  return { title: t('title'), description: t('intro').slice(0, 160) };
}

export default async function AboutRoute() {
  const t = await getTranslations('AboutPage');
  const threshold = await freeShippingThresholdText((await getLocale()) as Locale);
  const sections = (['s1', 's2', 's3', 's4'] as const).map((key) => ({
    title: t(`${key}.title`),
    body: t(`${key}.body`, { threshold }),
  }));
  return <TextPage title={t('title')} intro={t('intro')} note={t('note')} sections={sections} />;
}
