/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Column, Img, Row, Section, Text } from '@react-email/components';
import type { CartRecoveryItem, MailLocale } from '../types';
import { useCopy } from './copy';
import { CallToAction, colors, directionOf, Layout, money, textStyle } from './layout';

interface Props {
  locale: MailLocale;
  name?: string;
  items: CartRecoveryItem[];
  totalFils: number;
  restoreUrl: string;
  /** The unsubscribe page: a reminder is marketing mail (docs/email.md). */
  unsubscribeUrl?: string | undefined;
}

/**
 * One reminder with the cart's lines and a link that puts the same cart back in the storefront.
 * `name` only when it came from an order (the caller's rule, docs/leads.md): a name typed at a
 * checkout nobody finished is not greeted.
 */
export function CartRecoveryEmail({ locale, name, items, totalFils, restoreUrl, unsubscribeUrl }: Props) {
  const d = directionOf(locale);
  const c = useCopy(locale).recovery;
  const cell = {
    fontSize: '14px',
    lineHeight: '20px',
    padding: '10px 0',
    borderBottom: `1px solid ${colors.line}`,
  };
  return (
    <Layout locale={locale} preview={c.preview} heading={c.heading} unsubscribeUrl={unsubscribeUrl}>
      <Text style={textStyle(d)}>{c.greeting(name)}</Text>
      <Text style={textStyle(d)}>{c.intro}</Text>
      <Section dir={d.dir} data-section="items">
        {items.map((item) => (
          <Row key={`${item.name}|${item.variation ?? ''}`} data-row="item">
            {item.imageUrl ? (
              <Column width="64" align={d.start} style={cell}>
                <Img
                  src={item.imageUrl}
                  alt={item.name}
                  width="56"
                  height="56"
                  style={{ borderRadius: '4px' }}
                />
              </Column>
            ) : null}
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
              {money(item.priceFils * item.quantity, locale)}
            </Column>
          </Row>
        ))}
        <Row data-row="total">
          <Column align={d.start} style={{ fontSize: '16px', fontWeight: 700, padding: '10px 0' }}>
            {c.total}
          </Column>
          <Column align={d.end} style={{ fontSize: '16px', fontWeight: 700, padding: '10px 0' }}>
            {money(totalFils, locale)}
          </Column>
        </Row>
      </Section>
      <CallToAction d={d} href={restoreUrl}>
        {c.cta}
      </CallToAction>
      <Text style={textStyle(d, { color: colors.muted, fontSize: '13px' })}>{c.note}</Text>
    </Layout>
  );
}
