/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Column, Img, Row, Section, Text } from '@react-email/components';
import type { BackInStockEmailData } from '../back-in-stock-data';
import type { MailLocale } from '../types';
import { backInStockCopy } from './back-in-stock-copy';
import { CallToAction, colors, directionOf, Layout, textStyle } from './layout';

export function backInStockSubject(alert: BackInStockEmailData, locale: MailLocale): string {
  return backInStockCopy(locale).subject(alert.name);
}

/**
 * The one e-mail of a back-in-stock request: the product, the option that came back and a link to
 * its page. The address was typed by whoever asked, unverified (docs/email.md): nothing in it
 * comes from the request but the address, and it says how to ignore it.
 */
export function BackInStockEmail({ alert, locale }: { alert: BackInStockEmailData; locale: MailLocale }) {
  const d = directionOf(locale);
  const c = backInStockCopy(locale);
  return (
    <Layout locale={locale} preview={c.preview} heading={c.heading} storeUrl={alert.storeUrl}>
      <Text style={textStyle(d)}>{c.greeting}</Text>
      <Text style={textStyle(d)}>{c.intro}</Text>
      <Section dir={d.dir} data-section="product">
        <Row data-row="product">
          {alert.imageUrl ? (
            <Column width="72" align={d.start} style={{ padding: '8px 0' }}>
              <Img
                src={alert.imageUrl}
                alt={alert.name}
                width="64"
                height="64"
                style={{ borderRadius: '4px' }}
              />
            </Column>
          ) : null}
          <Column align={d.start} style={{ fontSize: '15px', lineHeight: '22px', padding: '8px 0' }}>
            <strong>{alert.name}</strong>
            {alert.variation ? (
              <>
                <br />
                <span style={{ color: colors.muted, fontSize: '13px' }}>{alert.variation}</span>
              </>
            ) : null}
          </Column>
        </Row>
      </Section>
      <CallToAction d={d} href={alert.productUrl}>
        {c.cta}
      </CallToAction>
      <Text style={textStyle(d, { color: colors.muted, fontSize: '13px' })}>{c.limited}</Text>
      <Text style={textStyle(d, { color: colors.muted, fontSize: '13px' })}>{c.once}</Text>
      <Text style={textStyle(d, { color: colors.muted, fontSize: '13px' })}>{c.notYou}</Text>
    </Layout>
  );
}
