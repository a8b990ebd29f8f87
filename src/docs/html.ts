// The shell every served documentation page shares: one stylesheet, one navigation, no CDN.

import LOGO from "../../assets/logo.svg";
import { escapeHtml } from "../lib/escape-html";
import { sections, tableOfContents } from "./outline";
import { STYLE } from "./style";

/** A `code span`: the error table and route descriptions mark code that way. */
const CODE_SPAN = /`([^`]+)`/g;

/** Escaped text with its code spans as <code>. */
export function inline(text: string): string {
  return escapeHtml(text).replace(CODE_SPAN, "<code>$1</code>");
}

/** The text with its code marks dropped, for where a page shows it as it is (inside a JSON example). */
export function unmarked(text: string): string {
  return text.replace(CODE_SPAN, "$1");
}

/** The studio's logo, the pages' icon and the sidebar's mark. */
const LOGO_URL = `data:image/svg+xml,${encodeURIComponent(LOGO)}`;

/** GET /favicon.ico: the studio's logo, for browsers that ask for an icon by that name. */
export const favicon = (): Response =>
  new Response(LOGO, { headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" } });

/** The documentation's pages, in the sidebar's order. */
export const DOCS_PAGES: Array<{ path: string; name: string }> = [
  { path: "/docs", name: "API reference" },
  { path: "/docs/sdk", name: "SDK" },
  { path: "/docs/cli", name: "CLI" },
  { path: "/docs/mcp", name: "MCP tools" },
  { path: "/docs/errors", name: "Errors" },
];

/**
 * The sidebar: the search (a form to /docs/search, its suggestions this page's headings, so it works with no
 * script), the pages, and this page's sections; on a phone the sections fold into a "Contents" menu.
 */
function sidebar(baseUrl: string, current: string, body: string, query: string): string {
  const list = sections(body);
  const suggestions = list.map((s) => `<option value="${escapeHtml(s.title)}">`).join("");
  const contents = list.length ? tableOfContents(list) : "";
  const pages = DOCS_PAGES.map(({ path, name }) => {
    const here = path === current;
    return (
      `<li><a href="${baseUrl}${path}"${here ? ' class="current" aria-current="page"' : ""}>${name}</a>` +
      `${here && contents ? `<div class="toc-wide">${contents}</div>` : ""}</li>`
    );
  });
  return (
    `<nav class="sidebar" aria-label="Documentation"><a class="brand" href="${baseUrl}/">` +
    `<img src="${LOGO_URL}" alt="" width="22" height="22">Folio <span>docs</span></a>` +
    `<form class="search" role="search" action="${baseUrl}/docs/search" method="get">` +
    `<input type="search" name="q" value="${escapeHtml(query)}" list="docs-headings" placeholder="Search the docs" ` +
    `aria-label="Search the docs">` +
    `<datalist id="docs-headings">${suggestions}</datalist><button type="submit">Go</button></form>` +
    `<ul class="pages">${pages.join("")}<li><a href="${baseUrl}/studio">Studio</a></li>` +
    `<li><a href="${baseUrl}/openapi.json">openapi.json</a></li></ul>` +
    `${contents ? `<details class="menu"><summary>Contents</summary>${contents}</details>` : ""}</nav>`
  );
}

/**
 * A whole page: the sidebar beside `body`; `current` is the docs page it is (none for the home page), `query` what
 * the search box holds.
 */
export function page(baseUrl: string, title: string, body: string, current = "", query = ""): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">\n` +
    `<title>${escapeHtml(title)} · Folio</title><link rel="icon" type="image/svg+xml" href="${LOGO_URL}">` +
    `<style>${STYLE}</style></head><body>\n` +
    `<div class="layout">${sidebar(baseUrl, current, body, query)}\n<main>${body}</main></div></body></html>`
  );
}
