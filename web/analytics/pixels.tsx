import { type TrackingIds, validTrackingIds } from '@qahwa/schema/analytics';

/**
 * SPEC 1: the analytics and ad-pixel loaders, each only when its id is set (the CSP allows a
 * provider's host on the same condition). Loaded once the page has loaded: tracking never
 * competes with the shopper's first paint. Events themselves go through `analytics/events.ts`.
 * The ids are staff's (the back office's Tracking screen), read by the layout from GET /api/settings.
 *
 * Plain inline scripts, not next/script: its loader was 2.3 KB on every page even with no id set
 * (the 150 KB per route budget, docs/performance.md); the CSP allows inline scripts. The root
 * layout never re-renders on a client-side navigation, so each runs once per visit, as before.
 */
export function TrackingPixels({ ids }: { ids: { gtmId: string | null; metaPixelId: string | null } }) {
  const tracking: TrackingIds = { gtmId: ids.gtmId ?? undefined, metaPixelId: ids.metaPixelId ?? undefined };
  const { gtmId, metaPixelId } = validTrackingIds(tracking);
  return (
    <>
      {gtmId && (
        <script
          id="gtm"
          // The ids passed validTrackingIds (GTM-XXXX, digits), so they are safe inside the script.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed loader around a validated id
          dangerouslySetInnerHTML={{
            __html: afterLoad(
              `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});var s=document.createElement('script');s.async=true;s.src='https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}';document.head.appendChild(s);`,
            ),
          }}
        />
      )}
      {metaPixelId && (
        // Meta's documented base code: a queueing fbq stub, then the library, then init and PageView.
        <script
          id="meta-pixel"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Meta's fixed base code around a validated id
          dangerouslySetInnerHTML={{
            __html: afterLoad(
              `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init','${metaPixelId}');fbq('track','PageView');`,
            ),
          }}
        />
      )}
    </>
  );
}

/** Runs `body` once the page has loaded (at once if it already has). */
function afterLoad(body: string): string {
  return `(function(){function go(){${body}}if(document.readyState==='complete')go();else window.addEventListener('load',go,{once:true})})();`;
}
