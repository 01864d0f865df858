// The one place the admin takes its menu from: @qahwa/schema's SPEC 2.1 list and SPEC 6 rule,
// with the profile entry; the labels are the admin's (messages/*.json).
export {
  isModuleEntry,
  MENU,
  type MenuEntry,
  type MenuId,
  type MenuViewer,
  menuEntry,
  visibleMenu,
} from './menu';
