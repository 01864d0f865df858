import { z } from 'zod';
import { envelope } from './envelope';

/**
 * SettingsChanged (docs/settings.md): staff saved one section of the store's settings.
 * The gateway re-reads its in-memory settings and the storefront drops its cached copy; the
 * event names the section and its new version, the values are read from the database.
 */
export const SettingsChanged = envelope(
  'SettingsChanged',
  z.object({
    section: z.enum(['store', 'shipping', 'payLater', 'sale', 'tracking', 'vat', 'subscriptions']),
    version: z.number().int().min(1),
  }),
).meta({ id: 'SettingsChanged' });
export type SettingsChanged = z.infer<typeof SettingsChanged>;
