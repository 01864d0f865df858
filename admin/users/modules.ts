import 'server-only';
import { getTranslations } from 'next-intl/server';
import { isModuleEntry, MENU } from '@/menu';
import type { GridModule } from './permission-grid';

/**
 * The grid's rows: every menu entry that stands for a permission module (not the dashboard or the
 * profile, which everyone sees, nor Returns, a screen of the orders module), in menu order, named as the sidebar names them.
 */
export async function gridModules(): Promise<GridModule[]> {
  const t = await getTranslations('Menu');
  return MENU.filter(isModuleEntry).map((e) => ({ id: e.module, label: t(e.id) }));
}
