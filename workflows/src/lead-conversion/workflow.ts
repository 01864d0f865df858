import {
  condition,
  defineQuery,
  defineSignal,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import { SA } from '../search-attributes';
import type { LeadActivities } from './activities';

/**
 * leadConversion (DESIGN.md "Workflows", docs/leads.md): one run per open lead, its id
 * from the e-mail (`leadWorkflowId` in ../workflow-ids.ts). Started or signalled by the workers' lead consumer (start.ts) on
 * LeadQualified and CartAbandoned; told of the order by the consumer of OrderPlaced and
 * LeadConverted. It waits for the order or for the shopper to be idle for `recoveryDelayMs`
 * (each new activity restarts that wait: no e-mail while someone is still shopping); on the
 * timer it sends ONE recovery e-mail, then waits out the conversion window for the order; on the
 * order it marks the lead CONVERTED and ends.
 */
export interface LeadConversionInput {
  email: string;
  leadId: string;
  /** LEAD_RECOVERY_DELAY: idle time before the recovery e-mail (default 1 hour). */
  recoveryDelayMs: number;
  /** After the e-mail, how long an order still counts as this lead's conversion. */
  conversionWindowMs: number;
  /** A worker that dies mid-send is noticed after this (default 10 s; tests shorten it). */
  heartbeatTimeoutMs?: number;
}

export type LeadConversionOutcome = 'converted' | 'recovery-sent' | 'recovery-skipped' | 'window-closed';

export interface LeadActivitySignal {
  leadId: string;
  /** The event that caused it (LeadQualified or CartAbandoned): a redelivery is recognised. */
  eventId: string;
}
export const leadActivitySignal = defineSignal<[LeadActivitySignal]>('leadActivity');

export interface LeadOrderSignal {
  /** The lead the order converts, when the sender knows it (LeadConverted); else the current one. */
  leadId?: string;
  orderId?: string;
  valueFils: number;
}
export const leadOrderSignal = defineSignal<[LeadOrderSignal]>('leadOrder');

export interface LeadConversionState {
  leadId: string;
  stage: 'waiting' | 'recovery-sent' | 'converted';
  signals: number;
}
export const leadStateQuery = defineQuery<LeadConversionState>('leadState');

export async function leadConversion(input: LeadConversionInput): Promise<LeadConversionOutcome> {
  const { sendLeadRecovery, convertLead } = proxyActivities<LeadActivities>({
    startToCloseTimeout: '2 minutes',
    // A worker killed mid-send stops heartbeating: the retry elsewhere finds mail's claim on
    // (cart-recovery, lead) and sends nothing twice (it waits out the claim's lease first).
    heartbeatTimeout: input.heartbeatTimeoutMs ?? 10_000,
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
  });
  let leadId = input.leadId;
  let stage: LeadConversionState['stage'] = 'waiting';
  let touched = 0;
  let order: LeadOrderSignal | null = null;
  const seenEvents = new Set<string>();

  setHandler(leadActivitySignal, (s) => {
    if (seenEvents.has(s.eventId)) return; // the same event delivered again: nothing new
    seenEvents.add(s.eventId);
    if (s.leadId !== leadId) {
      // The e-mail's previous lead converted and a new cart began (a new lead row): start over.
      leadId = s.leadId;
      stage = 'waiting';
      order = null;
    }
    touched++;
  });
  setHandler(leadOrderSignal, (o) => {
    if (o.leadId && o.leadId !== leadId) return; // an older lead's conversion
    order = o;
  });
  setHandler(leadStateQuery, () => ({ leadId, stage, signals: touched }));
  upsertSearchAttributes([{ key: SA.customerEmail, value: input.email }]);

  for (;;) {
    if (order) {
      const o: LeadOrderSignal = order;
      await convertLead({ leadId, orderId: o.orderId, valueFils: o.valueFils });
      stage = 'converted';
      return 'converted';
    }
    if (stage === 'waiting') {
      const seen = touched;
      const woke = await condition(() => order !== null || touched !== seen, input.recoveryDelayMs);
      if (woke) continue;
      const sent = await sendLeadRecovery({ leadId });
      if (sent === 'converted') return 'recovery-skipped';
      stage = 'recovery-sent';
      continue;
    }
    // After the e-mail: the order (or a new lead of the same e-mail) within the window.
    const current = leadId;
    const woke = await condition(() => order !== null || leadId !== current, input.conversionWindowMs);
    if (!woke) return 'window-closed';
  }
}
