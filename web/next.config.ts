import { HSTS, securityHeaders } from '@qahwa/schema/proxy';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const nextConfig: NextConfig = {
  // @qahwa/schema and @qahwa/ui ship TypeScript source.
  transpilePackages: ['@qahwa/schema', '@qahwa/ui'],
  poweredByHeader: false,
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
    // The Content-Security-Policy is set by proxy.ts at run time, with the tracking ids staff set
    // (docs/settings.md); the other security headers are the same for every page.
    const headers = securityHeaders(mode, {}, { stripe: true, tabby: true }).filter(
      (h) => h.key !== 'Content-Security-Policy',
    );
    // `nosniff` guards a script too (a file served as another type is not run); framing, referrer
    // and permissions policies govern a document and a script ignores them, so the build's
    // scripts go without: ~135 bytes on each of a page's eight scripts over HTTP/1.1, counted
    // against the 150 KB per route (docs/performance.md).
    const forScripts = (h: { key: string }) => h.key === 'X-Content-Type-Options';
    return [
      { source: '/:path*', headers: headers.filter(forScripts) },
      { source: '/:path((?!_next/static/).*)', headers: headers.filter((h) => !forScripts(h)) },
      {
        source: '/:path*',
        has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
        headers: [HSTS],
      },
    ];
  },
};

export default createNextIntlPlugin('./i18n/request.ts')(nextConfig);
