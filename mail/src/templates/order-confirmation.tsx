/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { shippingLineText } from '@qahwa/schema/checkout';
import { vatRateText } from '@qahwa/schema/tax';
import { Column, Row, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { MailLocale, OrderEmailData } from '../types';
import { copyFor, useCopy } from './copy';
import { colors, directionOf, formatDate, Layout, money, textStyle } from './layout';
import { TrackingLinks } from './tracking-link';

export function orderConfirmationSubject(order: OrderEmailData, locale: MailLocale): string {
  return copyFor(locale).order.subject(order.orderNumber);
}

/** The receipt a shopper keeps: number, lines with variation and quantity, discounts, shipping, total, address, payment. */
export function OrderConfirmationEmail({ order, locale }: { order: OrderEmailData; locale: MailLocale }) {
  const d = directionOf(locale);
  const c = useCopy(locale).order;
  const cell = {
    fontSize: '14px',
    lineHeight: '20px',
    padding: '10px 0',
    borderBottom: `1px solid ${colors.line}`,
  };
  const sumRow = (label: ReactNode, value: string, key: string, strong = false) => (
    <Row key={key} data-row={key}>
      <Column
        align={d.start}
        style={{ fontSize: strong ? '16px' : '14px', fontWeight: strong ? 700 : 400, padding: '4px 0' }}
      >
        {label}
      </Column>
      <Column
        align={d.end}
        style={{ fontSize: strong ? '16px' : '14px', fontWeight: strong ? 700 : 400, padding: '4px 0' }}
      >
        {value}
      </Column>
    </Row>
  );
  return (
    <Layout
      locale={locale}
      preview={c.preview(order.orderNumber)}
      heading={c.heading}
      storeUrl={order.storeUrl}
    >
      <Text style={textStyle(d)}>{c.greeting(order.customerName)}</Text>
      <Text style={textStyle(d)}>{c.intro}</Text>
      {order.trackingUrl ? <TrackingLinks locale={locale} trackingUrl={order.trackingUrl} /> : null}
      <Section
        dir={d.dir}
        data-section="order-meta"
        style={{ backgroundColor: colors.paper, borderRadius: '6px', padding: '12px 16px' }}
      >
        <Row>
          <Column align={d.start} style={{ fontSize: '13px', color: colors.muted }}>
            {c.orderNumber}
          </Column>
          <Column align={d.end} style={{ fontSize: '15px', fontWeight: 700 }}>
            <span dir="ltr">{order.orderNumber}</span>
          </Column>
        </Row>
        <Row>
          <Column align={d.start} style={{ fontSize: '13px', color: colors.muted }}>
            {c.placedOn}
          </Column>
          <Column align={d.end} style={{ fontSize: '13px' }}>
            {formatDate(order.placedAt, locale)}
          </Column>
        </Row>
      </Section>
      <Section dir={d.dir} data-section="items" style={{ marginTop: '20px' }}>
        <Row>
          <Column align={d.start} style={{ ...cell, color: colors.muted, fontSize: '12px' }}>
            {c.item}
          </Column>
          <Column align="center" width="56" style={{ ...cell, color: colors.muted, fontSize: '12px' }}>
            {c.quantity}
          </Column>
          <Column align={d.end} width="120" style={{ ...cell, color: colors.muted, fontSize: '12px' }}>
            {c.price}
          </Column>
        </Row>
        {order.items.map((item) => (
          <Row key={`${item.name}|${item.variation ?? ''}`} data-row="item">
            <Column align={d.start} style={cell}>
              <strong>{item.name}</strong>
              {item.variation ? (
                <>
                  <br />
                  <span style={{ color: colors.muted, fontSize: '13px' }}>{item.variation}</span>
                </>
              ) : null}
            </Column>
            <Column align="center" width="56" style={cell}>
              × {item.quantity}
            </Column>
            <Column align={d.end} width="120" style={cell}>
              {money(item.lineFils, locale)}
            </Column>
          </Row>
        ))}
      </Section>
      <Section dir={d.dir} data-section="totals" style={{ marginTop: '12px' }}>
        {sumRow(c.subtotal, money(order.subtotalFils, locale), 'subtotal')}
        {order.discounts.length > 0
          ? order.discounts.map((x, i) =>
              sumRow(
                <>
                  {c.discount}: {x.name}
                  {x.code ? (
                    <>
                      {' · '}
                      {c.codeLabel} <span dir="ltr">{x.code}</span>
                    </>
                  ) : null}
                </>,
                `− ${money(x.amountFils, locale)}`,
                `discount-${i}`,
              ),
            )
          : order.discountFils > 0
            ? sumRow(c.discount, `− ${money(order.discountFils, locale)}`, 'discount')
            : null}
        {sumRow(c.shipping, shippingLineText(order.shippingFils, locale), 'shipping')}
        {sumRow(c.total, money(order.totalFils, locale), 'total', true)}
        {order.vatRateBp === 0 ? null : (
          <Text
            data-row="vat"
            style={textStyle(d, { color: colors.muted, fontSize: '12px', margin: '4px 0 0' })}
          >
            {order.vatRateBp !== undefined && order.vatFils !== undefined
              ? c.includesVat(vatRateText(order.vatRateBp), money(order.vatFils, locale))
              : c.vat}
          </Text>
        )}
      </Section>
      <Section dir={d.dir} data-section="delivery" style={{ marginTop: '20px' }}>
        <Row>
          <Column
            align={d.start}
            valign="top"
            style={{ width: '50%', [d.end === 'right' ? 'paddingRight' : 'paddingLeft']: '12px' }}
          >
            <Text style={textStyle(d, { color: colors.muted, fontSize: '12px', margin: '0 0 4px' })}>
              {c.deliveryTo}
            </Text>
            <Text style={textStyle(d, { fontSize: '14px', lineHeight: '21px', margin: 0 })}>
              {order.customerName}
              <br />
              {order.address.line}
              <br />
              {order.address.city}
              {locale === 'ar' ? '، ' : ', '}
              {order.address.emirate}
              <br />
              <span dir="ltr">{order.customerPhone}</span>
            </Text>
          </Column>
          <Column align={d.start} valign="top" style={{ width: '50%' }}>
            <Text style={textStyle(d, { color: colors.muted, fontSize: '12px', margin: '0 0 4px' })}>
              {c.payment}
            </Text>
            <Text style={textStyle(d, { fontSize: '14px', lineHeight: '21px', margin: 0 })}>
              {order.paymentWallet ? c.paidByWallet(order.paymentWallet) : c.methods[order.paymentMethod]}
            </Text>
          </Column>
        </Row>
      </Section>
    </Layout>
  );
}
