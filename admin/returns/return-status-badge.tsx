import { type ReturnStatus, returnStatusLabel } from '@qahwa/schema/returns';
import { useLocale } from 'next-intl';
import { Badge } from '@/ui/badge';

// Colour follows the return's life: waiting on staff (amber), on its way back (sky), in hand
// (indigo), done (green), refused (red), lapsed (stone).
const TONE: Record<ReturnStatus, string> = {
  requested: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  approved: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  received: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20',
  refunded: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  rejected: 'bg-red-50 text-red-800 ring-red-600/20',
  expired: 'bg-stone-100 text-stone-700 ring-stone-500/20',
};

/** A return's status in the words the shopper's page and e-mails use (@qahwa/schema/returns). */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const locale = useLocale() as 'en' | 'ar';
  return <Badge tone={TONE[status]}>{returnStatusLabel(status, locale)}</Badge>;
}
