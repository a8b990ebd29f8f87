// The settings `npm run dev` alone turns on, for trying Folio on one machine; the e2e services and production
// keep them off (the Worker ignores them in production whatever they say).

/**
 * DEV_LOOPBACK_WEBHOOKS: webhooks reach a receiver on this machine (any port but the service's own), so a local
 * `webhook_url` works out of the box; `DEV_LOOPBACK_WEBHOOKS=false npm run dev` turns it off.
 */
export function devSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  return { DEV_LOOPBACK_WEBHOOKS: env.DEV_LOOPBACK_WEBHOOKS || "true" };
}
