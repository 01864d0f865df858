import 'server-only';
import { getTranslations } from 'next-intl/server';
import { MENU } from '@/menu';
import type { GridModule } from './permission-grid';

/**
 * The grid's rows: every menu entry that has a permission module (not the dashboard or the
 * profile, which everyone sees), in menu order, named as the sidebar names them.
 */
export async function gridModules(): Promise<GridModule[]> {
  const t = await getTranslations('Menu');
  return MENU.flatMap((e) => (e.module ? [{ id: e.module, label: t(e.id) }] : []));
}
