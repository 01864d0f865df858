/** The profile page's buttons and cards, shared by its sections. */
export const primary =
  'rounded-lg bg-coffee-800 px-4 py-2.5 font-semibold text-white hover:bg-coffee-900 disabled:bg-coffee-300';
export const secondary =
  'rounded-lg border border-coffee-300 px-4 py-2.5 font-medium text-coffee-900 hover:bg-coffee-100';
export const section = 'rounded-xl bg-white p-4 shadow-sm sm:p-6';
