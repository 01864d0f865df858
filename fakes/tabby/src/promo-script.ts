/**
 * The fake `tabby-promo.js` (TABBY.md, "Promo widget"): defines `window.TabbyPromo`, a constructor
 * taking `{selector, publicKey, merchantCode, lang, source, currency, price}` that renders
 * "4 interest-free payments of X AED" (or the Arabic) into the element. The store creates it again
 * whenever the price changes, so each construction replaces what the last one rendered.
 * Plain ES5-ish text: it runs in whatever browser loads it, with no build step.
 */
export const PROMO_SCRIPT = `(function () {
  'use strict';
  function quarter(price) {
    var fils = Math.round(Number(price) * 100);
    if (!isFinite(fils) || fils <= 0) return null;
    var q = Math.ceil(fils / 4);
    return Math.floor(q / 100) + '.' + String(q % 100).padStart(2, '0');
  }
  function TabbyPromo(options) {
    if (!(this instanceof TabbyPromo)) return new TabbyPromo(options);
    var o = options || {};
    var el = typeof o.selector === 'string' ? document.querySelector(o.selector) : null;
    this.options = o;
    if (!el) return;
    var lang = o.lang === 'ar' ? 'ar' : 'en';
    var currency = o.currency || 'AED';
    var amount = quarter(o.price);
    el.innerHTML = '';
    if (amount === null) return;
    var box = document.createElement('div');
    box.className = 'tabby-promo-fake';
    box.setAttribute('lang', lang);
    box.setAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    box.setAttribute('data-source', o.source || 'product');
    box.setAttribute('data-price', String(o.price));
    box.style.cssText = 'border:1px solid #3bff9d;border-radius:8px;padding:8px 12px;font-size:14px;line-height:1.4';
    var text = document.createElement('span');
    var sum = document.createElement('bdi');
    sum.textContent = lang === 'ar' ? amount + ' ' + (currency === 'AED' ? 'د.إ' : currency) : amount + ' ' + currency;
    text.appendChild(document.createTextNode(lang === 'ar' ? '4 دفعات بدون فوائد بقيمة ' : '4 interest-free payments of '));
    text.appendChild(sum);
    var brand = document.createElement('strong');
    brand.textContent = lang === 'ar' ? ' · تابي' : ' · tabby';
    box.appendChild(text);
    box.appendChild(brand);
    el.appendChild(box);
  }
  window.TabbyPromo = TabbyPromo;
})();
`;
