import { canViewModule } from '@qahwa/schema';
import { HOME_PATH } from '@/auth/redirects';
import { type MenuViewer, visibleMenu } from './menu';

/**
 * Where a member of staff lands on the back office's home. The dashboard's figures are the
 * orders module's (SPEC 6), so it is home to those who may view orders; anyone else lands on the
 * first screen of the menu they may open, never on an "access denied" dashboard — a content
 * editor signs in to Content, a stock keeper to Products. With no module at all: the profile.
 */
export function landingPath(viewer: MenuViewer): string {
  if (canViewModule(viewer, 'orders')) return HOME_PATH;
  const first = visibleMenu(viewer).find((entry) => entry.module !== null);
  return first?.href ?? '/backend/profile';
}
