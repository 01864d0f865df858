/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Text } from '@react-email/components';
import type { MailLocale } from '../types';
import { useCopy } from './copy';
import { CallToAction, colors, directionOf, Layout, textStyle } from './layout';

/**
 * The double opt-in's one question (docs/crm.md): did this address ask for the newsletter? The
 * button opens the storefront's confirmation page; until it is pressed the address gets nothing
 * else and is not sent to the e-mail-marketing provider.
 */
export function NewsletterConfirmEmail({
  locale,
  email,
  confirmUrl,
}: {
  locale: MailLocale;
  email: string;
  confirmUrl: string;
}) {
  const d = directionOf(locale);
  const c = useCopy(locale).newsletterConfirm;
  const muted = textStyle(d, { color: colors.muted, fontSize: '13px' });
  return (
    <Layout locale={locale} preview={c.preview} heading={c.heading}>
      <Text style={textStyle(d)}>
        {c.intro} <span dir="ltr">{email}</span>.
      </Text>
      <Text style={textStyle(d)}>{c.ask}</Text>
      <CallToAction d={d} href={confirmUrl}>
        {c.cta}
      </CallToAction>
      <Text style={muted}>{c.expires}</Text>
      <Text style={muted}>
        {c.plain} <span dir="ltr">{confirmUrl}</span>
      </Text>
      <Text style={muted}>{c.ignore}</Text>
    </Layout>
  );
}
