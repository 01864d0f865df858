/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { formatAed } from '@qahwa/schema/money';
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import type { MailLocale } from '../types';
import { useCopy } from './copy';

/**
 * Direction per language. Mail clients ignore logical CSS (`text-align: start`, `margin-inline`)
 * and some ignore `dir` on <html> (Outlook desktop), so every block carries `dir` and every cell an
 * explicit physical `align` worked out here from the language — the one place left/right appear.
 */
export interface Direction {
  dir: 'ltr' | 'rtl';
  start: 'left' | 'right';
  end: 'left' | 'right';
}

export function directionOf(locale: MailLocale): Direction {
  return locale === 'ar'
    ? { dir: 'rtl', start: 'right', end: 'left' }
    : { dir: 'ltr', start: 'left', end: 'right' };
}

export function money(fils: number, locale: MailLocale): string {
  return formatAed(fils, locale);
}

const dateFormats = new Map<MailLocale, Intl.DateTimeFormat>();

/**
 * Latin digits in both languages (docs/domain-decisions.md), Dubai time. One formatter per
 * language, made once: building one per mail was ~2 % of the workers' CPU under the order bench.
 */
export function formatDate(iso: string, locale: MailLocale): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Asia/Dubai',
    });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

export const colors = {
  ink: '#2b1d14',
  muted: '#6b5a4e',
  line: '#e7ddd3',
  paper: '#faf6f1',
  accent: '#7a4a26',
  white: '#ffffff',
};

function font(locale: MailLocale): string {
  return locale === 'ar'
    ? "Tahoma, 'Segoe UI', Arial, sans-serif"
    : "'Segoe UI', Helvetica, Arial, sans-serif";
}

export function textStyle(d: Direction, extra: CSSProperties = {}): CSSProperties {
  return {
    color: colors.ink,
    fontSize: '15px',
    lineHeight: '24px',
    margin: '0 0 12px',
    textAlign: d.start,
    ...extra,
  };
}

interface LayoutProps {
  locale: MailLocale;
  preview: string;
  heading: string;
  storeUrl?: string;
  /** A marketing mail's unsubscribe page: the footer says why it came and how to stop it. */
  unsubscribeUrl?: string | undefined;
  children: ReactNode;
}

/** The frame every e-mail shares: brand bar, heading, body, support line and footer. */
export function Layout({ locale, preview, heading, storeUrl, unsubscribeUrl, children }: LayoutProps) {
  const d = directionOf(locale);
  const c = useCopy(locale);
  const family = font(locale);
  return (
    <Html lang={locale} dir={d.dir}>
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body
        dir={d.dir}
        style={{ backgroundColor: colors.paper, margin: 0, padding: '24px 0', fontFamily: family }}
      >
        <Container
          dir={d.dir}
          style={{
            backgroundColor: colors.white,
            maxWidth: '600px',
            border: `1px solid ${colors.line}`,
            borderRadius: '8px',
          }}
        >
          <Section
            dir={d.dir}
            style={{ backgroundColor: colors.ink, borderRadius: '8px 8px 0 0', padding: '20px 28px' }}
          >
            <Text
              data-role="brand"
              style={{
                color: colors.white,
                fontSize: '24px',
                fontWeight: 700,
                letterSpacing: '1px',
                margin: 0,
                textAlign: d.start,
              }}
            >
              {c.brand}
            </Text>
            <Text style={{ color: '#e9d8c4', fontSize: '13px', margin: '4px 0 0', textAlign: d.start }}>
              {c.tagline}
            </Text>
          </Section>
          <Section dir={d.dir} style={{ padding: '28px' }}>
            <Heading
              as="h1"
              style={{
                color: colors.ink,
                fontSize: '22px',
                fontWeight: 700,
                lineHeight: '30px',
                margin: '0 0 16px',
                textAlign: d.start,
              }}
            >
              {heading}
            </Heading>
            {children}
          </Section>
          <Section dir={d.dir} style={{ borderTop: `1px solid ${colors.line}`, padding: '20px 28px' }}>
            <Text style={textStyle(d, { color: colors.muted, fontSize: '13px', lineHeight: '20px' })}>
              {c.support}
            </Text>
            {storeUrl ? (
              <Text style={textStyle(d, { fontSize: '13px', margin: 0 })}>
                <Link href={storeUrl} style={{ color: colors.accent }}>
                  {c.visitStore}
                </Link>
              </Text>
            ) : null}
            <Hr style={{ borderColor: colors.line, margin: '16px 0' }} />
            {unsubscribeUrl ? (
              <Text
                data-section="unsubscribe"
                style={textStyle(d, { color: colors.muted, fontSize: '12px', margin: '0 0 8px' })}
              >
                {c.unsubscribe.why}{' '}
                <Link href={unsubscribeUrl} style={{ color: colors.accent }}>
                  {c.unsubscribe.link}
                </Link>
              </Text>
            ) : null}
            <Text style={textStyle(d, { color: colors.muted, fontSize: '12px', margin: 0 })}>{c.footer}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The one button of a message (its call to action), centred in either direction. */
export function CallToAction({ d, href, children }: { d: Direction; href: string; children: ReactNode }) {
  return (
    <Section dir={d.dir} align="center" style={{ margin: '20px 0 8px', textAlign: 'center' }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.accent,
          color: colors.white,
          borderRadius: '6px',
          fontSize: '15px',
          fontWeight: 700,
          padding: '12px 24px',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}
