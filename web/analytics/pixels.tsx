import { type TrackingIds, validTrackingIds } from '@qahwa/schema/analytics/tracking';
import Script from 'next/script';

/**
 * SPEC 1: the analytics and ad-pixel loaders, each only when its id is set (the CSP allows a
 * provider's host on the same condition). Loaded after the page is interactive: tracking never
 * competes with the shopper's first paint. Events themselves go through `analytics/events.ts`.
 * The ids are staff's (Tracking screen, issue 12), read by the layout from GET /api/settings.
 */
export function TrackingPixels({ ids }: { ids: { gtmId: string | null; metaPixelId: string | null } }) {
  const tracking: TrackingIds = { gtmId: ids.gtmId ?? undefined, metaPixelId: ids.metaPixelId ?? undefined };
  const { gtmId, metaPixelId } = validTrackingIds(tracking);
  return (
    <>
      {gtmId && (
        <>
          <Script id="gtm-start" strategy="afterInteractive">
            {
              "window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});"
            }
          </Script>
          <Script
            id="gtm"
            strategy="afterInteractive"
            src={`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`}
          />
        </>
      )}
      {metaPixelId && (
        // Meta's documented base code: a queueing fbq stub, then the library, then init and PageView.
        <Script id="meta-pixel" strategy="afterInteractive">
          {`!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init','${metaPixelId}');fbq('track','PageView');`}
        </Script>
      )}
    </>
  );
}
