import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { SA } from '../search-attributes';
import { leadWorkflowId } from '../workflow-ids';
import {
  type LeadActivitySignal,
  type LeadConversionInput,
  type LeadOrderSignal,
  leadActivitySignal,
  leadConversion,
  leadOrderSignal,
} from './workflow';

/**
 * Starts the e-mail's leadConversion run with the shopper's activity, or only signals the run that
 * is already going (signal-with-start, one run per e-mail: docs/leads.md). Called by the workers'
 * lead consumer on LeadQualified and CartAbandoned; a redelivered event is recognised by the run.
 */
export async function startLeadConversion(
  client: Client,
  taskQueue: string,
  input: LeadConversionInput,
  activity: LeadActivitySignal,
): Promise<void> {
  await client.workflow.signalWithStart(leadConversion, {
    workflowId: leadWorkflowId(input.email),
    taskQueue,
    args: [input],
    signal: leadActivitySignal,
    signalArgs: [activity],
    typedSearchAttributes: [{ key: SA.customerEmail, value: input.email }],
  });
}

/** Tells the e-mail's run of the order; false when none runs (it ended, or never started). */
export async function signalLeadOrder(
  client: Client,
  email: string,
  order: LeadOrderSignal,
): Promise<boolean> {
  try {
    await client.workflow.getHandle(leadWorkflowId(email)).signal(leadOrderSignal, order);
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}
