/** SPEC 3: emirates and their cities. Values are slugs; names in English and Arabic. */
export interface Place {
  slug: string;
  en: string;
  ar: string;
}
export interface Emirate extends Place {
  cities: Place[];
}

const city = (en: string, ar: string): Place => ({
  slug: en
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''),
  en,
  ar,
});

export const EMIRATES: readonly Emirate[] = [
  {
    slug: 'abu-dhabi',
    en: 'Abu Dhabi',
    ar: 'أبوظبي',
    cities: [
      city('Abu Dhabi', 'أبوظبي'),
      city('Al Ain', 'العين'),
      city('Zayed City', 'مدينة زايد'),
      city('Ruwais', 'الرويس'),
      city('Liwa', 'ليوا'),
      city('Madinat Zayed', 'مدينة زايد (الظفرة)'),
      city('Ghayathi', 'غياثي'),
    ],
  },
  {
    slug: 'dubai',
    en: 'Dubai',
    ar: 'دبي',
    cities: [
      city('Dubai', 'دبي'),
      city('Deira', 'ديرة'),
      city('Bur Dubai', 'بر دبي'),
      city('Jumeirah', 'جميرا'),
      city('Downtown Dubai', 'وسط مدينة دبي'),
      city('Dubai Marina', 'دبي مارينا'),
      city('Business Bay', 'الخليج التجاري'),
      city('JBR', 'جي بي آر'),
      city('DIFC', 'مركز دبي المالي العالمي'),
      city('Dubai Silicon Oasis', 'واحة دبي للسيليكون'),
      city('Dubai Investment Park', 'مجمع دبي للاستثمار'),
      city('Hatta', 'حتا'),
    ],
  },
  {
    slug: 'sharjah',
    en: 'Sharjah',
    ar: 'الشارقة',
    cities: [
      city('Sharjah', 'الشارقة'),
      city('Kalba', 'كلباء'),
      city('Khor Fakkan', 'خورفكان'),
      city('Dibba Al-Hisn', 'دبا الحصن'),
      city('Al Dhaid', 'الذيد'),
      city('Mleiha', 'مليحة'),
    ],
  },
  {
    slug: 'ajman',
    en: 'Ajman',
    ar: 'عجمان',
    cities: [city('Ajman', 'عجمان'), city('Manama', 'المنامة'), city('Masfout', 'مصفوت')],
  },
  {
    slug: 'umm-al-quwain',
    en: 'Umm Al Quwain',
    ar: 'أم القيوين',
    cities: [city('Umm Al Quwain', 'أم القيوين'), city('Falaj Al Mualla', 'فلج المعلا')],
  },
  {
    slug: 'ras-al-khaimah',
    en: 'Ras Al Khaimah',
    ar: 'رأس الخيمة',
    cities: [
      city('Ras Al Khaimah', 'رأس الخيمة'),
      city('Julfar', 'جلفار'),
      city('Digdaga', 'دقداقة'),
      city('Khatt', 'خت'),
    ],
  },
  {
    slug: 'fujairah',
    en: 'Fujairah',
    ar: 'الفجيرة',
    cities: [
      city('Fujairah', 'الفجيرة'),
      city('Dibba Al-Fujairah', 'دبا الفجيرة'),
      city('Al Bidiyah', 'البدية'),
      city('Masafi', 'مسافي'),
    ],
  },
];

export function findEmirate(slug: string): Emirate | undefined {
  return EMIRATES.find((e) => e.slug === slug);
}

export function isCityOf(emirateSlug: string, citySlug: string): boolean {
  return findEmirate(emirateSlug)?.cities.some((c) => c.slug === citySlug) ?? false;
}

/**
 * An address's emirate and city as a person reads them, in `locale`: orders keep the slugs
 * (`business-bay`, `dubai`), e-mails and the back office's order page show the names. A slug no
 * longer in the list (an older order) is shown as it was stored.
 */
export function placeNames(
  emirateSlug: string,
  citySlug: string,
  locale: 'en' | 'ar',
): { emirate: string; city: string } {
  const emirate = findEmirate(emirateSlug);
  const city = emirate?.cities.find((c) => c.slug === citySlug);
  return { emirate: emirate ? emirate[locale] : emirateSlug, city: city ? city[locale] : citySlug };
}
