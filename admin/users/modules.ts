import 'server-only';
import { MENU } from '@qahwa/schema';
import { getLocale } from 'next-intl/server';
import type { GridModule } from './permission-grid';

/** The grid's rows: every section of the menu but the dashboard (never gated), in the page's language. */
export async function gridModules(): Promise<GridModule[]> {
  const locale = (await getLocale()) === 'ar' ? 'ar' : 'en';
  return MENU.filter((e) => e.id !== 'dashboard').map((e) => ({ id: e.id, label: e.label[locale] }));
}
