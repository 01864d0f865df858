import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { ContactForm } from '@/contact/contact-form';
import { getSiteTexts } from '@/lib/catalogue';
import { getPublicSettings } from '@/lib/settings';
import { siteText } from '@/shell/site-text';
import { telHref } from '@/shell/tel-href';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ContactPage');
  return { title: t('title'), description: t('intro') };
}

/**
 * SPEC 2.4: the contact page with the message form and the store hours; support around the clock
 * (SPEC 1). Phone, e-mail, WhatsApp and address are the store's settings; the hours are the Content
 * screen's Store hours text, one line per group of days (docs/settings.md). Without that text the
 * page names no hours rather than made-up ones.
 */
export default async function ContactRoute() {
  const [t, locale, { store }, texts] = await Promise.all([
    getTranslations('ContactPage'),
    getLocale(),
    getPublicSettings(),
    getSiteTexts(),
  ]);
  const lang = locale === 'ar' ? 'ar' : 'en';
  const hours = (siteText(texts, 'storeHours', lang) ?? '').split('\n').filter((line) => line.trim() !== '');
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 md:grid-cols-[minmax(0,1fr)_18rem]">
      <div>
        <h1 className="text-2xl font-bold text-coffee-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 mb-6 text-coffee-700">{t('intro')}</p>
        <section aria-labelledby="contact-form-title" className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
          <h2 id="contact-form-title" className="mb-4 text-lg font-semibold text-coffee-900">
            {t('formTitle')}
          </h2>
          <ContactForm />
        </section>
      </div>
      <aside className="space-y-6">
        <section aria-labelledby="support-title" className="rounded-xl bg-coffee-900 p-5 text-coffee-50">
          <h2 id="support-title" className="font-semibold text-white">
            {t('supportTitle')}
          </h2>
          <p className="mt-1 text-sm text-coffee-200">{t('supportText')}</p>
          <a
            href={telHref(store.phone)}
            dir="ltr"
            className="mt-3 inline-block text-lg font-semibold text-amber-300 hover:underline"
          >
            {store.phone}
          </a>
          <p className="mt-2 text-sm">
            <a href={`mailto:${store.email}`} className="text-coffee-100 underline">
              {store.email}
            </a>
          </p>
          {store.whatsapp ? (
            <p className="mt-2 text-sm">
              <a
                href={`https://wa.me/${store.whatsapp.replace(/\D/g, '')}`}
                className="text-coffee-100 underline"
                rel="noopener"
              >
                {t('whatsapp')} <span dir="ltr">{store.whatsapp}</span>
              </a>
            </p>
          ) : null}
        </section>
        <section aria-labelledby="hours-title" className="rounded-xl bg-white p-5 shadow-sm">
          <h2 id="hours-title" className="font-semibold text-coffee-900">
            {hours.length > 0 ? t('hours.title') : t('hours.visit')}
          </h2>
          {hours.length > 0 ? (
            <ul data-testid="store-hours" className="mt-2 space-y-2 text-sm text-coffee-800">
              {hours.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          <p className="mt-3 text-sm text-coffee-700">{store.address[lang]}</p>
        </section>
      </aside>
    </div>
  );
}
