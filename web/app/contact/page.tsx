import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ContactForm } from '../../contact/contact-form';
import { STORE_INFO } from '../../shell/store-info';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ContactPage');
  return { title: t('title'), description: t('intro') };
}

/** SPEC 2.4: the contact page with the message form and the store hours; support around the clock (SPEC 1). */
export default async function ContactRoute() {
  const t = await getTranslations('ContactPage');
  const hours = [
    { days: t('hours.weekdays'), time: t('hours.weekdaysTime') },
    { days: t('hours.friday'), time: t('hours.fridayTime') },
  ];
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
            href={STORE_INFO.supportPhoneHref}
            dir="ltr"
            className="mt-3 inline-block text-lg font-semibold text-amber-300 hover:underline"
          >
            {STORE_INFO.supportPhone}
          </a>
          <p className="mt-2 text-sm">
            <a href={`mailto:${STORE_INFO.email}`} className="text-coffee-100 underline">
              {STORE_INFO.email}
            </a>
          </p>
        </section>
        <section aria-labelledby="hours-title" className="rounded-xl bg-white p-5 shadow-sm">
          <h2 id="hours-title" className="font-semibold text-coffee-900">
            {t('hours.title')}
          </h2>
          <dl className="mt-2 space-y-2 text-sm">
            {hours.map((h) => (
              <div key={h.days}>
                <dt className="font-medium text-coffee-900">{h.days}</dt>
                <dd className="text-coffee-700">{h.time}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-coffee-700">{t('hours.address')}</p>
        </section>
      </aside>
    </div>
  );
}
