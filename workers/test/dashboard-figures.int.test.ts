import { dashboardSuite } from './dashboard-suite';

/*
 * What the dashboard must hold to (docs/dashboard.md): after 1,000 random orders and their status changes, published with
 * duplicates and out of order, every dashboard figure equals a direct SQL count over orders,
 * order_items and customers. `make soak` (QAHWA_SOAK=1) runs 5,000; DASHBOARD_ORDERS overrides.
 */
const soak = process.env.QAHWA_SOAK === '1';
dashboardSuite({
  name: 'dashboard figures',
  orders: Number(process.env.DASHBOARD_ORDERS ?? (soak ? 5_000 : 1_000)),
  views: Number(process.env.DASHBOARD_VIEWS ?? (soak ? 5_000 : 500)),
  figures: true,
  rebuild: false,
});
