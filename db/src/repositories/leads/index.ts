/** Leads: one open lead per e-mail, qualified, abandoned, converted. */
export * from './leads';
