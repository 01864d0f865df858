import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { HSTS, securityHeaders } from '../schema/src/proxy/security-headers';

const nextConfig: NextConfig = {
  // @qahwa/schema ships TypeScript source.
  transpilePackages: ['@qahwa/schema'],
  poweredByHeader: false,
  // Several builds of one checkout side by side (parallel work, CI beside a developer) need their own folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // /api/* is forwarded to the gateway by proxy.ts, at run time.
  // `next dev` runs with NODE_ENV=development (React Refresh needs eval); builds with production.
  async headers() {
    const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
    return [
      // The analytics hosts are allowed only for the ids set when the build ran (docs/web-pages.md).
      {
        source: '/:path*',
        headers: securityHeaders(
          mode,
          { gtmId: process.env.GTM_ID, metaPixelId: process.env.META_PIXEL_ID },
          // Stripe.js and its frames for the payment step (docs/web-payments.md); Tabby's promo
          // widget from its real host (docs/web-pay-later.md).
          { stripe: true, tabby: true },
        ),
      },
      {
        source: '/:path*',
        has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
        headers: [HSTS],
      },
    ];
  },
};

export default createNextIntlPlugin('./i18n/request.ts')(nextConfig);
