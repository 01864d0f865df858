import { dashboardSuite } from './dashboard-suite';

/*
 * projections:rebuild (docs/dashboard.md): after a smaller random run (duplicates, out of order),
 * each projection rebuilt from the stream equals the live one row for row, keeps the live index
 * and constraint names, and events published during the rebuild count exactly once.
 */
dashboardSuite({
  name: 'projection rebuild',
  orders: Number(process.env.REBUILD_ORDERS ?? (process.env.QAHWA_SOAK === '1' ? 1_000 : 200)),
  views: 200,
  figures: true,
  rebuild: true,
});
