/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Text } from '@react-email/components';
import type { MailLocale } from '../types';
import { useCopy } from './copy';
import { colors, directionOf, Layout, textStyle } from './layout';

/** After the confirmation click: the welcome, with the unsubscribe link every marketing mail has. */
export function NewsletterWelcomeEmail({
  locale,
  email,
  storeUrl,
  unsubscribeUrl,
}: {
  locale: MailLocale;
  email: string;
  storeUrl?: string;
  unsubscribeUrl?: string | undefined;
}) {
  const d = directionOf(locale);
  const c = useCopy(locale).newsletter;
  return (
    <Layout
      locale={locale}
      preview={c.preview}
      heading={c.heading}
      storeUrl={storeUrl}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text style={textStyle(d)}>{c.intro}</Text>
      <Text style={textStyle(d)}>{c.what}</Text>
      <Text style={textStyle(d, { color: colors.muted, fontSize: '13px' })}>{c.subscribedAs(email)}</Text>
      <Text style={textStyle(d, { color: colors.muted, fontSize: '13px' })}>{c.leave}</Text>
    </Layout>
  );
}
