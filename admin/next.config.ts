import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const gatewayUrl = process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000';

const nextConfig: NextConfig = {
  // @qahwa/schema ships TypeScript sources, not a build.
  transpilePackages: ['@qahwa/schema'],
  poweredByHeader: false,
  // The browser only ever talks to its own origin; the gateway sets the session cookie on it.
  async rewrites() {
    return [{ source: '/api/:path*', destination: `${gatewayUrl}/api/:path*` }];
  },
};

export default createNextIntlPlugin('./i18n/request.ts')(nextConfig);
