// Satori fetches images on its own, outside Folio's egress policy: <img src>, SVG <image href> and any
// url() in a style (background-image, mask-image and their shorthands). So before Satori sees the tree,
// every such URL is fetched here through the policy and replaced by a data: URI: Satori only reads data.
import type { EgressPolicy } from "@folio/render-page/egress-policy";
import { fetchAsDataUri } from "../asset-fetcher";

/** The element tree satori-html builds: styles as objects with camelCase keys, attributes as they were written. */
export interface SatoriNode {
  type: string;
  props: {
    children?: SatoriNode | string | Array<SatoriNode | string>;
    style?: Record<string, unknown>;
    [attribute: string]: unknown;
  };
}

/** A CSS url(), quoted or not; an unclosed one runs to the end of the value, as Satori would read it. */
const CSS_URL = /url\(\s*(["']?)(.*?)\1\s*(?:\)|$)/gi;
const SVG_IMAGES = new Set(["image", "feimage"]);
const SVG_HREFS = ["href", "xlink:href", "xlinkHref"];

/** Needs no fetch: inline data, or a reference to an element of the same SVG (fill: url(#gradient)). */
function isLocal(url: string): boolean {
  return url.startsWith("data:") || url.startsWith("#");
}

type Inline = (url: string) => Promise<string>;

async function inlineCssUrls(value: string, inline: Inline): Promise<string> {
  // The URL's group takes part in every match (empty at worst).
  const remote = [...value.matchAll(CSS_URL)].map((match) => (match[2] ?? "").trim()).filter((url) => !isLocal(url));
  const inlined = new Map(await Promise.all(remote.map(async (url) => [url, await inline(url)] as const)));
  return value.replace(CSS_URL, (whole, _quote: string, url: string) => {
    const data = inlined.get(url.trim());
    return data === undefined ? whole : `url(${data})`;
  });
}

function collect(node: SatoriNode | string | undefined, inline: Inline, pending: Array<Promise<void>>): void {
  if (!node || typeof node === "string") return;
  const { props } = node;
  const type = node.type.toLowerCase();
  const sources = type === "img" ? ["src"] : SVG_IMAGES.has(type) ? SVG_HREFS : [];
  for (const name of sources) {
    const url = props[name];
    if (typeof url === "string" && !isLocal(url.trim()))
      pending.push(
        inline(url.trim()).then((data) => {
          props[name] = data;
        }),
      );
  }
  for (const [name, value] of Object.entries(props.style ?? {})) {
    if (typeof value === "string" && /url\(/i.test(value))
      pending.push(
        inlineCssUrls(value, inline).then((text) => {
          if (props.style) props.style[name] = text;
        }),
      );
  }
  for (const child of Array.isArray(props.children) ? props.children : [props.children])
    collect(child, inline, pending);
}

/** Replaces every image URL of `tree` in place with what `inline` answers for it, asking once per URL. */
export async function replaceSatoriAssets(tree: SatoriNode, inline: Inline): Promise<void> {
  const answers = new Map<string, Promise<string>>();
  const once: Inline = (url) => {
    let answer = answers.get(url);
    if (!answer) {
      answer = inline(url);
      answers.set(url, answer);
    }
    return answer;
  };
  const pending: Array<Promise<void>> = [];
  collect(tree, once, pending);
  await Promise.all(pending);
}

/**
 * Inlines every image of `tree` in place; the first refusal rejects with 400 asset_blocked. Each URL is fetched once.
 */
export function inlineSatoriAssets(tree: SatoriNode, policy: EgressPolicy): Promise<void> {
  return replaceSatoriAssets(tree, (url) => fetchAsDataUri(url, policy));
}
