import { describe, expect, it } from 'vitest';
import {
  defaultAddress,
  emptyProfile,
  loadStoredProfile,
  MAX_SAVED_ADDRESSES,
  PROFILE_VERSION,
  prefill,
  profileReducer,
} from '@/account/profile-store';

const address = (id: string) => ({
  id,
  label: id,
  emirate: 'dubai',
  city: 'dubai-marina',
  address: `Tower ${id}, Marina Walk`,
});

describe('the device profile', () => {
  it('saves contact details trimmed, and a new address becomes the default', () => {
    let p = profileReducer(emptyProfile(), {
      type: 'saveContact',
      fullName: ' Fatima Al Zaabi ',
      email: 'fatima@example.ae ',
      phone: '+971 50 123 4567',
    });
    p = profileReducer(p, { type: 'addAddress', address: address('home') });
    p = profileReducer(p, { type: 'addAddress', address: address('office') });
    expect(p.fullName).toBe('Fatima Al Zaabi');
    expect(p.email).toBe('fatima@example.ae');
    expect(defaultAddress(p)?.id).toBe('office');
    p = profileReducer(p, { type: 'makeDefault', id: 'home' });
    expect(defaultAddress(p)?.id).toBe('home');
    p = profileReducer(p, { type: 'removeAddress', id: 'home' });
    expect(defaultAddress(p)?.id).toBe('office');
    expect(profileReducer(p, { type: 'clear' })).toEqual(emptyProfile());
  });

  it('keeps at most five addresses', () => {
    let p = emptyProfile();
    for (let i = 0; i < MAX_SAVED_ADDRESSES + 2; i++)
      p = profileReducer(p, { type: 'addAddress', address: address(`a${i}`) });
    expect(p.addresses).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it('prefills only the empty fields of a checkout form', () => {
    expect(
      prefill(
        { fullName: 'Typed Name', email: '', phone: '' },
        { fullName: 'Saved', email: 'saved@example.ae', phone: '' },
      ),
    ).toEqual({ fullName: 'Typed Name', email: 'saved@example.ae', phone: '' });
  });

  it('reads back only its own version, dropping malformed addresses', () => {
    expect(loadStoredProfile({ version: 'old', fullName: 'x' })).toEqual(emptyProfile());
    const p = loadStoredProfile({
      version: PROFILE_VERSION,
      fullName: 'Omar',
      email: 1,
      addresses: [address('a'), { nope: true }],
      defaultAddressId: 'missing',
    });
    expect(p.fullName).toBe('Omar');
    expect(p.email).toBe('');
    expect(p.addresses.map((a) => a.id)).toEqual(['a']);
    expect(p.defaultAddressId).toBe('a');
  });
});
