import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const nextConfig: NextConfig = {
  // @qahwa/schema ships TypeScript sources, not a build.
  transpilePackages: ['@qahwa/schema'],
  poweredByHeader: false,
  // /api/* is forwarded to the gateway by proxy.ts, at run time.
};

export default createNextIntlPlugin('./i18n/request.ts')(nextConfig);
