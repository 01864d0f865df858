import { describe, expect, it } from 'vitest';
import { placeNames } from '../src/reference/emirates';

describe('placeNames: an address as a person reads it', () => {
  it('names the emirate and city of stored slugs in either language', () => {
    expect(placeNames('dubai', 'business-bay', 'en')).toEqual({ emirate: 'Dubai', city: 'Business Bay' });
    expect(placeNames('dubai', 'business-bay', 'ar')).toEqual({ emirate: 'دبي', city: 'الخليج التجاري' });
    expect(placeNames('abu-dhabi', 'al-ain', 'ar')).toEqual({ emirate: 'أبوظبي', city: 'العين' });
  });

  it('shows a slug no longer in the list as it was stored', () => {
    expect(placeNames('dubai', 'old-town', 'ar')).toEqual({ emirate: 'دبي', city: 'old-town' });
    expect(placeNames('atlantis', 'x', 'en')).toEqual({ emirate: 'atlantis', city: 'x' });
  });
});
