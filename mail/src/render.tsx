/** @jsxRuntime automatic */
/** @jsxImportSource react */
/// <reference path="./html-to-text.d.ts" />
import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
import type { ReactElement } from 'react';
import { AdminChangeEmail, adminChangeSubject } from './templates/admin-change';
import { BackInStockEmail, backInStockSubject } from './templates/back-in-stock';
import { CartRecoveryEmail } from './templates/cart-recovery';
import { ContactAckEmail, ContactStaffEmail, contactStaffSubject } from './templates/contact';
import { copyFor } from './templates/copy';
import { NewsletterConfirmEmail } from './templates/newsletter-confirm';
import { NewsletterWelcomeEmail } from './templates/newsletter-welcome';
import { OrderConfirmationEmail, orderConfirmationSubject } from './templates/order-confirmation';
import { OrderStatusEmail, orderStatusSubject } from './templates/order-status';
import { ReturnUpdateEmail, returnEmailSubject } from './templates/return-update';
import { StaffLinkEmail, staffLinkSubject } from './templates/staff-link';
import { DEFAULT_STORE_NAME, fillStore, type StoreName, StoreNameContext } from './templates/store-name';
import { TrackingLinkEmail, trackingLinkSubject } from './templates/tracking-link';
import type { EmailTemplate, MailLocale, RenderedEmail } from './types';

function build(t: EmailTemplate, locale: MailLocale): { subject: string; element: ReactElement } {
  const c = copyFor(locale);
  switch (t.kind) {
    case 'back-in-stock':
      return {
        subject: backInStockSubject(t.alert, locale),
        element: <BackInStockEmail alert={t.alert} locale={locale} />,
      };
    case 'order-confirmation':
      return {
        subject: orderConfirmationSubject(t.order, locale),
        element: <OrderConfirmationEmail order={t.order} locale={locale} />,
      };
    case 'order-status':
      return {
        subject: orderStatusSubject(t.order, locale),
        element: <OrderStatusEmail order={t.order} locale={locale} />,
      };
    case 'order-tracking-link':
      return {
        subject: trackingLinkSubject(t.orderNumber, locale),
        element: (
          <TrackingLinkEmail locale={locale} orderNumber={t.orderNumber} trackingUrl={t.trackingUrl} />
        ),
      };
    case 'return-update':
      return {
        subject: returnEmailSubject(t.data, locale),
        element: <ReturnUpdateEmail data={t.data} locale={locale} />,
      };
    case 'staff-link':
      return {
        subject: staffLinkSubject(t.link, locale),
        element: <StaffLinkEmail link={t.link} locale={locale} />,
      };
    case 'admin-change':
      return {
        subject: adminChangeSubject(t.change, locale),
        element: <AdminChangeEmail change={t.change} locale={locale} />,
      };
    case 'cart-recovery':
      return {
        subject: c.recovery.subject,
        element: (
          <CartRecoveryEmail
            locale={locale}
            name={t.name}
            items={t.items}
            totalFils={t.totalFils}
            restoreUrl={t.restoreUrl}
            unsubscribeUrl={t.unsubscribeUrl}
          />
        ),
      };
    case 'contact-ack':
      return {
        subject: c.contactAck.subject,
        element: <ContactAckEmail locale={locale} subject={t.subject} />,
      };
    case 'contact-staff':
      return {
        subject: contactStaffSubject(t.contact, locale),
        element: <ContactStaffEmail locale={locale} contact={t.contact} />,
      };
    case 'newsletter-welcome':
      return {
        subject: c.newsletter.subject,
        element: (
          <NewsletterWelcomeEmail
            locale={locale}
            email={t.email}
            storeUrl={t.storeUrl}
            unsubscribeUrl={t.unsubscribeUrl}
          />
        ),
      };
    case 'newsletter-confirm':
      return {
        subject: c.newsletterConfirm.subject,
        element: <NewsletterConfirmEmail locale={locale} email={t.email} confirmUrl={t.confirmUrl} />,
      };
  }
}

/**
 * The text from the HTML, as react-email's `toPlainText(html)` makes it (its selectors already skip
 * pictures), with html-to-text's options compiled once: `toPlainText` compiles them (a decision
 * tree of selectors) on every call, which was most of the conversion's cost and ~7 % of the
 * workers' CPU under the order bench (docs/performance.md). Same options, same text.
 */
const htmlToText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * One template in one language: subject, HTML (react-email's table markup, inline styles) and the
 * plain-text part that text-only clients and spam filters read. Pure: no I/O. `store` is the
 * store's name as staff set it (sendEmailOnce reads it with each mail); the copy's `{store}` is
 * filled with it in the subject and, through StoreNameContext, in every template.
 */
export async function renderEmail(
  t: EmailTemplate,
  locale: MailLocale,
  store: StoreName = DEFAULT_STORE_NAME,
): Promise<RenderedEmail> {
  const built = build(t, locale);
  const subject = fillStore(built.subject, store[locale]);
  const html = await render(
    <StoreNameContext.Provider value={store}>{built.element}</StoreNameContext.Provider>,
  );
  // The text from the same HTML, as `render(element, { plainText: true })` makes it but without
  // rendering the React tree a second time: one React render is most of a mail's CPU (measured
  // ~22 → ~13 ms per order confirmation on the loaded machine), and the workers render one per order.
  const text = htmlToText(html);
  return { subject, html, text };
}
