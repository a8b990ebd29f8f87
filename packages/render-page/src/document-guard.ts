// What a job's document may load and hold. It is served from a fake https origin under a strict CSP; every
// sub-request goes through the caller's safe fetcher (PreparedPage.answer); what Chromium refuses without a
// request, and what Folio does not render, is found here and refuses the job as asset_blocked.
import { checkUrl } from "./egress-policy.ts";
import type { InPageDocument, InPageElement } from "./in-page-dom.ts";
import { JobFailure } from "./job-failure.ts";
import type { PageLike } from "./page-like.ts";

/** Only ever touched inside functions that Puppeteer serializes and runs in the page. */
declare const document: InPageDocument;

/** The document's own origin: it never resolves, and the page answers it from the job. */
export const DOCUMENT_URL = "https://document.folio.invalid/";

/** Why a job is refused, and the URL at fault when there is one. */
export type Refusal = { url?: string; reason: string };

export function contentSecurityPolicy(allowPrivate: boolean): string {
  const remote = allowPrivate ? "https: http:" : "https:";
  return [
    `default-src 'none'`,
    `img-src data: ${remote}`,
    `font-src data: ${remote}`,
    `style-src 'unsafe-inline' data: ${remote}`,
    `script-src 'none'`,
    `connect-src 'none'`,
    `frame-src 'none'`,
    `base-uri 'none'`,
    `form-action 'none'`,
  ].join("; ");
}

/**
 * Some refusals never become requests: Chromium will not load file: URLs into an https document, and the
 * CSP stops other schemes. Both only leave a console message, which becomes asset_blocked.
 */
export function refusedByChromium(text: string): Refusal | null {
  const url =
    /Not allowed to load local resource: (\S+)/.exec(text)?.[1] ??
    /(?:Loading|Refused to load) the (?:image|font|stylesheet|media)[^']*'([^']+)'/.exec(text)?.[1];
  if (!url) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() ?? "unknown";
  return {
    url,
    reason: scheme === "http" ? "plain http is not allowed; use https" : `the ${scheme}: scheme is not allowed`,
  };
}

/** The elements that load what Folio does not render, as the guard's selector finds them. */
type Unrendering =
  | (InPageElement & { readonly localName: "iframe" | "frame" | "embed"; readonly src: string })
  | (InPageElement & { readonly localName: "object"; readonly data: string })
  | (InPageElement & { readonly localName: "meta"; readonly httpEquiv: string; readonly content: string });

/** What Folio does not render, by the element that asks for it: refused rather than dropped in silence. */
const UNRENDERED: Record<Unrendering["localName"], string> = {
  iframe: "the document contains an <iframe>: frames are not rendered",
  frame: "the document contains a <frame>: frames are not rendered",
  object: "the document contains an <object>: embedded objects are not rendered",
  embed: "the document contains an <embed>: embedded content is not rendered",
  meta:
    'the document contains a <meta http-equiv="refresh">: it navigates away, and only the document itself is ' +
    "rendered",
};

/**
 * Once fonts have settled, the loaded document's image URLs (checked against the policy, since Chromium drops
 * some without a request or a message, like URLs with credentials) and what it holds that is not rendered:
 * frames, objects and embeds (the CSP leaves them empty) and a meta refresh (its navigation is aborted).
 */
function inspectDocument(
  page: PageLike,
): Promise<{ images: string[]; unrendered: Array<{ tag: Unrendering["localName"]; url: string }> }> {
  return page.evaluate(() =>
    document.fonts.ready.then(() => ({
      images: Array.from(document.images, (image) => image.src).filter((src) => src && !src.startsWith("data:")),
      unrendered: Array.from(
        document.querySelectorAll<Unrendering>("iframe, frame, object, embed, meta[http-equiv]"),
        (element) => {
          if (element.localName !== "meta")
            return { tag: element.localName, url: element.localName === "object" ? element.data : element.src };
          if (element.httpEquiv.trim().toLowerCase() !== "refresh") return null;
          const target = /url\s*=\s*['"]?([^'"]*)/i.exec(element.content)?.[1]?.trim() ?? "";
          const link = document.createElement("a");
          link.href = target;
          return { tag: element.localName, url: target && link.href };
        },
      ).filter((found) => found !== null),
    })),
  );
}

/**
 * Throws asset_blocked when the loaded document holds anything refused: what the page refused while it loaded
 * (`blocked`, added to here), images the policy refuses, and elements that are not rendered, named first.
 */
export async function guardLoadedDocument(page: PageLike, blocked: Refusal[], allowPrivate: boolean): Promise<void> {
  const { images, unrendered } = await inspectDocument(page);
  for (const src of images) {
    const verdict = checkUrl(src, { allowHttp: false, allowPrivate });
    if (!verdict.ok && !blocked.some((b) => b.url === src)) blocked.push({ url: src, reason: verdict.reason });
  }
  // The element is named first: it says more than the navigation or request it caused.
  blocked.unshift(...unrendered.map(({ tag, url }) => ({ ...(url ? { url } : {}), reason: UNRENDERED[tag] })));
  const [first] = blocked;
  if (!first) return;
  const message = first.url
    ? `The asset ${first.url} was refused: ${first.reason}.`
    : `The document was refused: ${first.reason}.`;
  throw new JobFailure("asset_blocked", message, { ...first, blocked });
}
