import type { Promotion } from './promotion';

/**
 * Where a promotion stands for the back office's list: switched off, not started yet,
 * in force, every use taken, or over. The same order of checks as pricing: a promotion switched
 * off never applies, whatever its dates.
 */
export type PromotionStatus = 'off' | 'scheduled' | 'active' | 'usedUp' | 'ended';

type Window = Pick<Promotion, 'isActive' | 'startDate' | 'endDate' | 'maxUses' | 'usedCount'>;

export function promotionStatus(p: Window, now: Date): PromotionStatus {
  if (!p.isActive) return 'off';
  const t = now.getTime();
  if (t > Date.parse(p.endDate)) return 'ended';
  if (t < Date.parse(p.startDate)) return 'scheduled';
  if (p.maxUses !== null && p.usedCount >= p.maxUses) return 'usedUp';
  return 'active';
}

/** Uses left under `maxUses`; null when unlimited (SPEC 5: empty maximum means unlimited). */
export function remainingUses(p: Pick<Promotion, 'maxUses' | 'usedCount'>): number | null {
  return p.maxUses === null ? null : Math.max(0, p.maxUses - p.usedCount);
}
