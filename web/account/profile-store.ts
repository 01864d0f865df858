import { atom, atomWithStorage } from '@/shell/atoms';

/**
 * The shopper's profile (SPEC 1, 6: no login): name, e-mail, phone and saved delivery addresses,
 * kept on this device only and used to prefill the checkout. Nothing of it is sent anywhere
 * until the shopper places an order.
 */
export const PROFILE_STORAGE_KEY = 'qahwa-profile';
export const PROFILE_VERSION = 'profile-v1';
export const MAX_SAVED_ADDRESSES = 5;

export interface SavedAddress {
  id: string;
  /** The shopper's own name for it ("Home", "Office"); optional. */
  label: string;
  emirate: string;
  city: string;
  address: string;
}

export interface Profile {
  version: typeof PROFILE_VERSION;
  fullName: string;
  email: string;
  phone: string;
  addresses: SavedAddress[];
  /** The address the checkout starts with; the first one when unset. */
  defaultAddressId: string | null;
}

export const emptyProfile = (): Profile => ({
  version: PROFILE_VERSION,
  fullName: '',
  email: '',
  phone: '',
  addresses: [],
  defaultAddressId: null,
});

export type ProfileAction =
  | { type: 'saveContact'; fullName: string; email: string; phone: string }
  | { type: 'addAddress'; address: SavedAddress }
  | { type: 'removeAddress'; id: string }
  | { type: 'makeDefault'; id: string }
  | { type: 'clear' };

/** Pure. A new address becomes the default (the shopper just typed it: it is the one they use now). */
export function profileReducer(state: Profile, action: ProfileAction): Profile {
  switch (action.type) {
    case 'saveContact':
      return {
        ...state,
        fullName: action.fullName.trim(),
        email: action.email.trim(),
        phone: action.phone.trim(),
      };
    case 'addAddress': {
      const addresses = [...state.addresses, action.address].slice(-MAX_SAVED_ADDRESSES);
      return { ...state, addresses, defaultAddressId: action.address.id };
    }
    case 'removeAddress': {
      const addresses = state.addresses.filter((a) => a.id !== action.id);
      const defaultAddressId =
        state.defaultAddressId === action.id ? (addresses[0]?.id ?? null) : state.defaultAddressId;
      return { ...state, addresses, defaultAddressId };
    }
    case 'makeDefault':
      return state.addresses.some((a) => a.id === action.id)
        ? { ...state, defaultAddressId: action.id }
        : state;
    case 'clear':
      return emptyProfile();
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 500) : '');

/** Any other version or shape becomes an empty profile; unknown fields are dropped. */
export function loadStoredProfile(value: unknown): Profile {
  if (!value || typeof value !== 'object') return emptyProfile();
  const o = value as Record<string, unknown>;
  if (o.version !== PROFILE_VERSION) return emptyProfile();
  const addresses = (Array.isArray(o.addresses) ? o.addresses : [])
    .filter((a): a is Record<string, unknown> => !!a && typeof a === 'object' && typeof a.id === 'string')
    .map((a) => ({
      id: str(a.id),
      label: str(a.label),
      emirate: str(a.emirate),
      city: str(a.city),
      address: str(a.address),
    }))
    .slice(-MAX_SAVED_ADDRESSES);
  const defaultAddressId =
    typeof o.defaultAddressId === 'string' && addresses.some((a) => a.id === o.defaultAddressId)
      ? o.defaultAddressId
      : (addresses[0]?.id ?? null);
  return {
    version: PROFILE_VERSION,
    fullName: str(o.fullName),
    email: str(o.email),
    phone: str(o.phone),
    addresses,
    defaultAddressId,
  };
}

export function defaultAddress(profile: Profile): SavedAddress | null {
  return profile.addresses.find((a) => a.id === profile.defaultAddressId) ?? profile.addresses[0] ?? null;
}

/** Read synchronously, for forms that mount only in the browser (the checkout's steps). */
export function readStoredProfile(): Profile {
  try {
    const raw = window.localStorage.getItem(PROFILE_STORAGE_KEY);
    return raw === null ? emptyProfile() : loadStoredProfile(JSON.parse(raw));
  } catch {
    return emptyProfile();
  }
}

/** Fills the empty fields of a form from the profile; what the shopper already typed wins. */
export function prefill<T extends { [K in keyof T]: string }>(
  values: T,
  from: Partial<Record<keyof T, string>>,
): T {
  const out = { ...values };
  for (const key of Object.keys(out) as (keyof T)[]) {
    const saved = from[key];
    if (out[key] === '' && saved) out[key] = saved as T[keyof T];
  }
  return out;
}

export const profileAtom = atomWithStorage<Profile>(PROFILE_STORAGE_KEY, emptyProfile(), {
  getItem: (key, initial) => {
    try {
      const raw = window.localStorage.getItem(key);
      return raw === null ? initial : loadStoredProfile(JSON.parse(raw));
    } catch {
      return initial;
    }
  },
  setItem: (key, value) => {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage disabled: the profile lasts this page view.
    }
  },
  removeItem: (key) => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // see above
    }
  },
});

export const dispatchProfileAtom = atom(null, (get, set, action: ProfileAction) => {
  set(profileAtom, profileReducer(get(profileAtom), action));
});
