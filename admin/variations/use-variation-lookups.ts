import { activeOptions } from '@qahwa/schema/contracts';
import type { Locale } from '@qahwa/schema/money';
import { useEffect, useState } from 'react';
import type { Lookups } from './variation-rows';
import { variationMessage } from './variation-rows-reducer';
import { variationsApi } from './variations-api';

/** SPEC 7: the lookup lists, only active items kept; each failure has its own red banner (SPEC 8). */
export function useVariationLookups(locale: Locale) {
  const [lookups, setLookups] = useState<Lookups>({ sizes: [], types: [], beans: [] });
  const [lookupErrors, setLookupErrors] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    const load = async <T extends { isActive: boolean }>(call: () => Promise<T[]>, failure: string) =>
      call().then(
        (items) => ({ items: activeOptions(items), failure: null }),
        () => ({ items: [] as T[], failure }),
      );
    void Promise.all([
      load(variationsApi.sizes, variationMessage('variation.sizesLoadFailed', locale)),
      load(variationsApi.types, variationMessage('variation.typesLoadFailed', locale)),
      load(variationsApi.beans, variationMessage('variation.beansLoadFailed', locale)),
    ]).then(([sizes, types, beans]) => {
      if (!live) return;
      setLookups({ sizes: sizes.items, types: types.items, beans: beans.items });
      setLookupErrors([sizes.failure, types.failure, beans.failure].filter((f): f is string => f !== null));
    });
    return () => {
      live = false;
    };
  }, [locale]);
  return { lookups, lookupErrors };
}
