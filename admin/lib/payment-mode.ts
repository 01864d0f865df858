import 'server-only';
import { readTestPayments } from '@qahwa/schema/contracts';
import { gatewayTimeoutMs, gatewayUrl } from './config';

/** Whether the store's payments take no money: the rule both apps share, with this app's gateway. */
export function testPaymentsInUse(): Promise<boolean> {
  return readTestPayments(gatewayUrl, gatewayTimeoutMs);
}
