'use client';

import { useEffect } from 'react';
import { type AnalyticsEventName, type AnalyticsEvents, track } from './events';

/**
 * Sends one event when a server-rendered page is shown (ViewContent on the product page): the
 * page stays a server component and this island renders nothing.
 */
export function TrackOnView<K extends AnalyticsEventName>({
  name,
  data,
}: {
  name: K;
  data: AnalyticsEvents[K];
}) {
  const key = JSON.stringify(data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page and payload; `data` is a new object on every render.
  useEffect(() => {
    track(name, data);
  }, [name, key]);
  return null;
}
