/**
 * The storefront's en messages, one JSON file per area so that work on different areas never
 * edits the same file. A new area: add its file here and in the other language's index
 * (web/test/messages.test.ts checks both languages have the same keys).
 */

import account from './account.json';
import backInStock from './back-in-stock.json';
import cart from './cart.json';
import catalogue from './catalogue.json';
import checkout from './checkout.json';
import leads from './leads.json';
import pages from './pages.json';
import payLater from './pay-later.json';
import payments from './payments.json';
import promotions from './promotions.json';
import returns from './returns.json';
import shell from './shell.json';
import tracking from './tracking.json';

const messages = {
  ...shell,
  ...catalogue,
  ...backInStock,
  ...cart,
  ...checkout,
  ...payments,
  ...payLater,
  ...promotions,
  ...pages,
  ...account,
  ...leads,
  ...returns,
  ...tracking,
};
export default messages;
