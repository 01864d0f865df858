/** A menu entry ready to render: the server picks the visible ones and their labels. */
export interface NavItem {
  id: string;
  href: string;
  label: string;
}

export function isActive(href: string, pathname: string): boolean {
  if (href === '/backend') return pathname === '/backend';
  return pathname === href || pathname.startsWith(`${href}/`);
}
