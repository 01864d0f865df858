import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SliderForm } from '@/content/sliders-section';
import ar from '@/messages/ar';
import en from '@/messages/en';

/* The content screen's slider form as the server renders it, in both languages. */
function render(locale: 'en' | 'ar', imageUrl: string | null): string {
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'ar' ? ar : en} timeZone="Asia/Dubai">
      <SliderForm
        initial={{
          title: 'Harvest',
          titleAr: 'الحصاد',
          subtitle: '',
          subtitleAr: '',
          imageUrl,
          link: '/shop',
          sortOrder: 0,
          isActive: true,
        }}
        onSubmit={async () => null}
        onCancel={() => {}}
      />
    </NextIntlClientProvider>,
  );
  return html.replaceAll('&#x27;', "'");
}

const UPLOADED = `/api/uploads/files/${'a'.repeat(64)}.png`;

describe('the slider form takes its picture by upload', () => {
  it.each([
    ['en', 'Choose a picture', 'One picture: JPG, PNG, WEBP or AVIF, up to 10 MB.'],
    ['ar', 'اختر صورة', 'صورة واحدة: JPG أو PNG أو WEBP أو AVIF، حتى 10 ميغابايت.'],
  ] as const)('offers the products’ uploader and no address field (%s)', (locale, choose, hint) => {
    const html = render(locale, null);
    expect(html).toContain(choose);
    expect(html).toContain(hint);
    expect(html).toMatch(
      /<input[^>]*type="file"[^>]*accept="image\/jpeg,image\/png,image\/webp,image\/avif"/,
    );
    expect(html).not.toContain('id="slider-image"');
    // One picture per slide, and the hint does not promise several.
    expect(html).not.toMatch(/type="file"[^>]*multiple/);
    expect(html).not.toMatch(/Several at once|عدة ملفات/);
  });

  it('shows an uploaded picture through the back office’s path, with Remove picture', () => {
    const html = render('ar', UPLOADED);
    expect(html).toContain(`src="/backend${UPLOADED}"`);
    expect(html).toContain('alt="صورة الشريحة"');
    expect(html).toContain('إزالة الصورة');
    expect(render('en', UPLOADED)).toContain('Remove picture');
  });
});
