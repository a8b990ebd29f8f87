import { checkUrl, type EgressPolicy } from "@folio/render-page/egress-policy";
import { binaryString } from "@folio/render-page/pdf-structure";
import { ServiceError } from "../errors";
import { readCapped } from "../lib/read-capped";

const MAX_ASSET_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const ASSET_TIMEOUT_MS = 10_000;

export function assetBlocked(url: string, reason: string): ServiceError {
  return new ServiceError("asset_blocked", `The asset ${url} was refused: ${reason}.`, { details: { url, reason } });
}

/**
 * The Worker's asset fetcher (images for Satori): every hop's URL is checked by the egress policy and
 * redirects are followed by hand so each target is checked again. On Cloudflare, the platform's own
 * fetch also refuses private destinations, which covers names that resolve to them.
 */
export async function fetchAsset(
  raw: string,
  policy: EgressPolicy,
): Promise<{ status: number; bytes: Uint8Array; contentType: string }> {
  let current = raw;
  const signal = AbortSignal.timeout(ASSET_TIMEOUT_MS);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const verdict = checkUrl(current, { ...policy, allowHttp: false });
    if (!verdict.ok) throw assetBlocked(current, verdict.reason);
    let response: Response;
    try {
      response = await fetch(verdict.url, { redirect: "manual", signal });
    } catch (error) {
      throw assetBlocked(current, `could not be fetched (${(error as Error).message})`);
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      current = new URL(location, verdict.url).href;
      continue;
    }
    return {
      status: response.status,
      bytes: await readCapped(response.body, MAX_ASSET_BYTES, () =>
        assetBlocked(current, `larger than ${MAX_ASSET_BYTES} bytes`),
      ),
      contentType: response.headers.get("content-type") ?? "application/octet-stream",
    };
  }
  throw assetBlocked(raw, `more than ${MAX_REDIRECTS} redirects`);
}

export function toDataUri(bytes: Uint8Array, contentType: string): string {
  return `data:${contentType.split(";")[0]};base64,${btoa(binaryString(bytes))}`;
}

/** An image for Satori, fetched through the policy and inlined; an answer other than 2xx is a refusal too. */
export async function fetchAsDataUri(url: string, policy: EgressPolicy): Promise<string> {
  const asset = await fetchAsset(url, policy);
  if (asset.status < 200 || asset.status > 299) throw assetBlocked(url, `answered HTTP ${asset.status}`);
  return toDataUri(asset.bytes, asset.contentType);
}
