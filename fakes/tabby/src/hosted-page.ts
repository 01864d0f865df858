import type { HostedAction, Payment, Session } from './state';

/**
 * The fake's hosted checkout page (Tabby's `web_url`): plain HTML and forms, no script, so any
 * browser (Chromium in the end-to-end tests) can drive it by the buttons' names. Bilingual: the
 * session's `lang` picks the language and `dir`.
 */

const TEXT = {
  en: {
    title: 'Tabby test checkout',
    heading: 'Pay in 4 with Tabby (test)',
    lead: 'This is the fake Tabby page used in development and tests. Choose what the shopper does.',
    amount: 'Amount',
    order: 'Order',
    approve: 'Approve',
    reject: 'Reject',
    cancel: 'Cancel',
    expire: 'Let it expire',
    over: 'This payment session is over',
    status: 'Payment status',
    back: 'Back to the store',
  },
  ar: {
    title: 'دفع تابي التجريبي',
    heading: 'ادفع على 4 دفعات مع تابي (تجريبي)',
    lead: 'هذه صفحة تابي التجريبية المستخدمة في التطوير والاختبارات. اختر ما يفعله المتسوّق.',
    amount: 'المبلغ',
    order: 'الطلب',
    approve: 'موافقة',
    reject: 'رفض',
    cancel: 'إلغاء',
    expire: 'اتركها تنتهي',
    over: 'انتهت جلسة الدفع هذه',
    status: 'حالة الدفع',
    back: 'العودة إلى المتجر',
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Where the shopper lands after an action: the merchant URL with `payment_id` appended. */
export function redirectFor(session: Session, action: HostedAction): string {
  const target =
    action === 'approve'
      ? session.merchantUrls.success
      : action === 'cancel'
        ? session.merchantUrls.cancel
        : session.merchantUrls.failure;
  const url = new URL(target);
  url.searchParams.set('payment_id', session.paymentId);
  return url.toString();
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f1ec;margin:0;padding:2rem;color:#1d1d1b}
main{max-width:28rem;margin-inline:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 10px #0002}
h1{font-size:1.25rem;margin-block:0 .5rem}dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:.25rem 1rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}form{display:inline}.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-block-start:1rem}
button{font:inherit;padding:.6rem 1rem;border-radius:8px;border:1px solid #3bff9d;background:#3bff9d;cursor:pointer}
button.secondary{background:#fff;border-color:#999}.badge{display:inline-block;padding:.1rem .5rem;border-radius:4px;background:#eee}`;

export function hostedPage(session: Session, payment: Payment): string {
  const t = TEXT[session.lang];
  const dir = session.lang === 'ar' ? 'rtl' : 'ltr';
  const open = payment.status === 'CREATED';
  const button = (action: HostedAction, secondary = false) =>
    `<form method="post" action="/checkout/${encodeURIComponent(session.id)}/${action}"><button type="submit" name="action" value="${action}"${secondary ? ' class="secondary"' : ''}>${t[action]}</button></form>`;
  const body = open
    ? `<div class="actions">${button('approve')}${button('reject', true)}${button('cancel', true)}${button('expire', true)}</div>`
    : `<p role="status"><strong>${t.over}</strong> — ${t.status}: <span class="badge">${payment.status}</span></p>
<p><a href="${escapeHtml(redirectFor(session, 'cancel'))}">${t.back}</a></p>`;
  return `<!doctype html>
<html lang="${session.lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t.title}</title><style>${STYLE}</style></head>
<body><main>
<h1>${t.heading}</h1>
<p>${t.lead}</p>
<dl><dt>${t.amount}</dt><dd><bdi dir="ltr">${escapeHtml(payment.amount)} ${escapeHtml(payment.currency)}</bdi></dd>
<dt>${t.order}</dt><dd><bdi dir="ltr">${escapeHtml(payment.order.reference_id ?? '—')}</bdi></dd></dl>
${body}
</main></body></html>`;
}
