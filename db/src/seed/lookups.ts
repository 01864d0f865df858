/**
 * The variation lookup lists a new store starts with (production bootstrap, docs/operations.md):
 * SPEC 2.3's weights in its order (250g, 500g, 1kg, then the rest), the additions starting with
 * Normal, and the beans. Staff own them from then on: the bootstrap fills an empty list only.
 */
export const SIZES = [
  { displayName: '250g', displayNameAr: '250 غ', sortOrder: 1 },
  { displayName: '500g', displayNameAr: '500 غ', sortOrder: 2 },
  { displayName: '1kg', displayNameAr: '1 كغ', sortOrder: 3 },
  { displayName: '10 capsules', displayNameAr: '10 كبسولات', sortOrder: 4 },
  { displayName: 'One size', displayNameAr: 'مقاس واحد', sortOrder: 5 },
] as const;

export const TYPES = [
  { name: 'Normal', nameAr: 'عادي' },
  { name: 'Cardamom', nameAr: 'بالهيل' },
  { name: 'Saffron & Cardamom', nameAr: 'بالزعفران والهيل' },
] as const;

export const BEANS = [
  { name: 'Arabica', nameAr: 'أرابيكا' },
  { name: 'Robusta', nameAr: 'روبوستا' },
  { name: 'House Blend', nameAr: 'خلطة البيت' },
] as const;
