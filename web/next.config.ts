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
      // The Content-Security-Policy is set by proxy.ts at run time, with the tracking ids staff set
      // (issue 12, docs/settings.md); the other security headers are the same for every page.
      {
        source: '/:path*',
        headers: securityHeaders(mode, {}, { stripe: true, tabby: true }).filter(
          (h) => h.key !== 'Content-Security-Policy',
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
