/** One entry of the header's navigation, shared by the header, the phone menu and its lazily loaded sheet. */
export interface MenuLink {
  href: string;
  label: string;
}
