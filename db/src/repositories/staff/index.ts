/** Staff: sign-in and sessions, the users screen, one-time links, one's own profile. */
export * from './staff';
// The accounts' internals (staff-accounts.ts, staff-grants.ts) stay inside the folder; staff-admin.ts
// re-exports what callers name.
export * from './staff-admin';
