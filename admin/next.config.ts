import { HSTS, securityHeaders } from '@qahwa/schema/proxy';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const nextConfig: NextConfig = {
  // @qahwa/schema and @qahwa/ui ship TypeScript sources, not a build.
  transpilePackages: ['@qahwa/schema', '@qahwa/ui'],
  poweredByHeader: false,
  experimental: {
    // Image uploads go through proxy.ts to the gateway: Next's default 10 MB cap would cut a
    // file just over SPEC 5's 10 MB limit short (and the gateway could then take the stump).
    // The gateway refuses anything over 10 MB itself, with the size in the message.
    proxyClientMaxBodySize: '16mb',
  },
  // Several builds of one checkout side by side (parallel work, CI beside a developer) need their own folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // `make test` type-checks this app in its own step (scripts/typecheck.sh) beside the build, which
  // then skips its copy of the same check (NEXT_BUILD_SKIP_TYPES=1); every other build checks.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPES === '1' },
  // `next dev` serves its scripts to the page's own host only: the store links to 127.0.0.1 (its
  // configured origin) and a developer may type localhost — both are this machine.
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
  // /api/* is forwarded to the gateway by proxy.ts, at run time.
  // `next dev` runs with NODE_ENV=development (React Refresh needs eval); builds with production.
  async headers() {
    const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
    return [
      { source: '/:path*', headers: securityHeaders(mode) },
      {
        source: '/:path*',
        has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
        headers: [HSTS],
      },
    ];
  },
};

export default createNextIntlPlugin('./i18n/request.ts')(nextConfig);
