// The one place the admin takes its menu from. The SPEC 6 rule is @qahwa/schema's
// canViewModule; the list (with the profile entry) and its labels are the admin's.
export {
  canViewEntry,
  MENU,
  type MenuEntry,
  type MenuId,
  type MenuViewer,
  menuEntry,
  visibleMenu,
} from './menu';
