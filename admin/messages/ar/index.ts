/**
 * The back office's ar messages, one JSON file per area so that work on different screens never
 * edits the same file. A new area: add its file here and in the other language's index
 * (admin/test/messages.test.ts checks both languages have the same keys). Top-level keys must not
 * collide between areas.
 */

import catalogue from './catalogue.json';
import content from './content.json';
import core from './core.json';
import crm from './crm.json';
import customers from './customers.json';
import dashboard from './dashboard.json';
import invoices from './invoices.json';
import leads from './leads.json';
import logs from './logs.json';
import orders from './orders.json';
import payments from './payments.json';
import profile from './profile.json';
import promotions from './promotions.json';
import returns from './returns.json';
import reviews from './reviews.json';
import settings from './settings.json';
import shipping from './shipping.json';
import tracking from './tracking.json';
import ui from './ui.json';
import users from './users.json';
import variations from './variations.json';

const messages = {
  ...core,
  ...crm,
  ...customers,
  ...reviews,
  ...dashboard,
  ...leads,
  ...orders,
  ...ui,
  ...catalogue,
  ...content,
  ...promotions,
  ...shipping,
  ...variations,
  ...users,
  ...profile,
  ...payments,
  ...logs,
  ...settings,
  ...tracking,
  ...returns,
  ...invoices,
};
export default messages;
