import { type EgressPolicy, isLoopbackHost } from "@folio/render-page/egress-policy";
import type { Config } from "../../lib/config";

/** The port a URL reaches (its scheme's default when it names none); null for no URL. */
function portOf(raw: string | null): number | null {
  const url = raw ? URL.parse(raw) : null;
  if (!url) return null;
  return url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
}

/**
 * Where webhooks may go: public https everywhere, plain http outside production, private addresses with
 * ALLOW_PRIVATE_EGRESS, and with DEV_LOOPBACK_WEBHOOKS (`npm run dev`) receivers on this machine on any port but
 * the service's own (its base URL's and its render backend's). Assets never get the loopback relaxation.
 */
export function webhookEgress(settings: Config): EgressPolicy {
  const ownPorts = [portOf(settings.baseUrl), portOf(settings.renderBackendUrl)].filter((port) => port !== null);
  return {
    allowHttp: !settings.production,
    allowPrivate: settings.allowPrivateEgress,
    ...(settings.loopbackWebhooks ? { loopback: { exceptPorts: ownPorts } } : {}),
  };
}

/**
 * For the console line of a refused delivery outside production: the setting that would let it through, so the
 * way out is in the line rather than in the settings table.
 */
export function egressHint(url: string, settings: Config): string {
  const host = URL.parse(url)?.hostname;
  if (settings.production || !host || settings.allowPrivateEgress) return "";
  if (isLoopbackHost(host))
    return settings.loopbackWebhooks
      ? ""
      : " (DEV_LOOPBACK_WEBHOOKS=true lets webhooks reach receivers on this machine; npm run dev sets it)";
  return " (ALLOW_PRIVATE_EGRESS=true lets webhooks reach private addresses in development)";
}
