import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

// Read when the config loads. `next build` writes the rewrite into its routes manifest, so for
// `next start` the gateway address of the build wins; the server adapter (lib/catalogue.ts)
// reads GATEWAY_URL again at run time.
const gatewayUrl = process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000';

const nextConfig: NextConfig = {
  // @qahwa/schema ships TypeScript source.
  transpilePackages: ['@qahwa/schema'],
  poweredByHeader: false,
  async rewrites() {
    return [{ source: '/api/:path*', destination: `${gatewayUrl}/api/:path*` }];
  },
};

export default createNextIntlPlugin('./i18n/request.ts')(nextConfig);
