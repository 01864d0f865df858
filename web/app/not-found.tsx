import { useTranslations } from 'next-intl';

export default function NotFound() {
  const t = useTranslations('NotFound');
  const link = 'rounded-lg px-4 py-2.5 text-sm font-semibold';
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-coffee-900">{t('title')}</h1>
      <p className="text-coffee-700">{t('text')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <a href="/shop" className={`${link} bg-coffee-800 text-white hover:bg-coffee-900`}>
          {t('continueShopping')}
        </a>
        <a href="/" className={`${link} border border-coffee-300 text-coffee-900 hover:bg-coffee-100`}>
          {t('goHome')}
        </a>
      </div>
    </div>
  );
}
