// The one place the admin takes its menu rule from. If @qahwa/schema grows a shared
// `visibleMenu` (schema/src/menu/), re-export it here instead.
export {
  ADMIN_ROLE,
  canViewEntry,
  MENU,
  type MenuEntry,
  type MenuId,
  type MenuViewer,
  menuEntry,
  visibleMenu,
} from './menu';
