import type { OrderStatus } from '@qahwa/schema';
import { useTranslations } from 'next-intl';
import { Badge } from '@/ui/badge';

// Colour follows the order's life: waiting (amber), moving (blue shades), done (green), stopped (red).
const TONE: Record<OrderStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  new: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  processing: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20',
  shipped: 'bg-violet-50 text-violet-800 ring-violet-600/20',
  delivered: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  cancelled: 'bg-red-50 text-red-800 ring-red-600/20',
};

export const STATUS_BAR: Record<OrderStatus, string> = {
  pending: 'bg-amber-500',
  new: 'bg-sky-500',
  processing: 'bg-indigo-500',
  shipped: 'bg-violet-500',
  delivered: 'bg-emerald-500',
  cancelled: 'bg-red-500',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const t = useTranslations('OrderStatus');
  return <Badge tone={TONE[status]}>{t(status)}</Badge>;
}
