// The names of the links `header_html` and `footer_html` print (docs/accessibility.md#in-a-render): their content is
// a pagination artifact, hidden from assistive technology, so the mends tag each such link by its annotation alone
// and give it the name found here for its URL (the mends' `links`), else its URL. Read from the rendered templates in
// one pass of the markup scanner: a margin is a line or two, so only its first MAX_MARGIN_CHARS are read and at most
// MAX_MARGIN_LINKS links named, each name cut as the page cuts a body link's.
import { LINK_NAME_LIMITS } from "@folio/render-page/link-names";
import { decodeEntities } from "../../lib/html-entities";
import { scanMarkup, tagAttributes } from "../../lib/markup-scan";

export const MAX_MARGIN_CHARS = 65_536;
export const MAX_MARGIN_LINKS = 20;

/** Text a browser does not read as markup. */
const RAW_TEXT = new Set(["script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes"]);

interface OpenLink {
  url: string;
  label: string;
  text: string;
  alts: string[];
}

/** The URL as Chromium writes it in the annotation (WHATWG's serialization); a relative one leads nowhere. */
function absolute(href: string | undefined): string | undefined {
  if (href === undefined || !URL.canParse(href.trim())) return undefined;
  return new URL(href.trim()).href;
}

const squeezed = (text: string) => text.replace(/\s+/g, " ").trim();

function nameOf(link: OpenLink): string {
  const name = squeezed(link.label) || squeezed(link.text) || squeezed(link.alts.join(" "));
  return name.length > LINK_NAME_LIMITS.chars ? `${name.slice(0, LINK_NAME_LIMITS.chars - 1)}…` : name;
}

/** Each margin link's name by its URL: its aria-label, else its text, else its images' alt; the first wins. */
export function marginLinkTexts(...margins: Array<string | undefined>): Record<string, string> {
  const texts: Record<string, string> = {};
  let named = 0;
  const close = (link: OpenLink | null) => {
    const name = link && nameOf(link);
    if (!link || !name || Object.hasOwn(texts, link.url) || named === MAX_MARGIN_LINKS) return;
    texts[link.url] = name;
    named++;
  };
  for (const html of margins) {
    let link: OpenLink | null = null;
    // A script's or a style's text is read as text by the scanner, and names nothing.
    let raw: string | null = null;
    for (const event of scanMarkup((html ?? "").slice(0, MAX_MARGIN_CHARS), RAW_TEXT)) {
      if (event.kind === "open" && RAW_TEXT.has(event.name)) raw = event.name;
      if (event.kind === "close" && event.name === raw) raw = null;
      if (event.kind === "text" && link && !raw) link.text += decodeEntities(event.text);
      if (event.kind === "close" && event.name === "a") {
        close(link);
        link = null;
      }
      if (event.kind !== "open" || (event.name !== "a" && event.name !== "img")) continue;
      const attributes = new Map(tagAttributes(event.attributes).map((a) => [a.name.toLowerCase(), a.value]));
      const read = (name: string) => decodeEntities(attributes.get(name) ?? "");
      if (event.name === "img") link?.alts.push(read("alt"));
      else {
        close(link);
        const url = absolute(attributes.has("href") ? read("href") : undefined);
        link = url ? { url, label: read("aria-label"), text: "", alts: [] } : null;
      }
    }
    close(link);
  }
  return texts;
}
