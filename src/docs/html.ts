// The shell every served documentation page shares: one stylesheet, one navigation, no CDN.

import { escapeHtml } from "../lib/escape-html";

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

const STYLE =
  `\n` +
  `:root{--ink:#1d2330;--muted:#5b6476;--line:#e3e6ee;--tint:#f5f6fa;--accent:#3b5bdb}\n` +
  `*{box-sizing:border-box}body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;` +
  `color:var(--ink)}\n` +
  `header{display:flex;gap:1.5rem;align-items:center;padding:.8rem 2rem;border-bottom:1px solid var(--line);` +
  `position:sticky;top:0;background:#fff;z-index:1}\n` +
  `header a{color:var(--muted);text-decoration:none}header a:hover{color:var(--accent)}` +
  `header strong{font-size:1.1rem;margin-right:auto}\n` +
  `main{max-width:60rem;margin:0 auto;padding:1.5rem 2rem 4rem}\n` +
  `h1{font-size:1.8rem;margin:.5rem 0 1rem}h2{margin-top:2.5rem;padding-top:.5rem;border-top:1px solid var(--line)}` +
  `h3{margin-top:1.8rem}\n` +
  `code,pre{font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--tint);border-radius:4px}` +
  `code{padding:.1rem .3rem}pre{padding:.9rem 1rem;overflow:auto}\n` +
  `table{border-collapse:collapse;width:100%;margin:.6rem 0 1rem}` +
  `th,td{text-align:left;vertical-align:top;padding:.35rem .6rem;border-bottom:1px solid var(--line)}` +
  `th{font-weight:600;color:var(--muted)}\n` +
  `.method{display:inline-block;min-width:4.2rem;font-weight:700;font-size:.8rem;color:#fff;border-radius:4px;` +
  `padding:.15rem .4rem;text-align:center;margin-right:.5rem}\n` +
  `.get{background:#2f9e44}.post{background:#3b5bdb}.delete{background:#e03131}.patch{background:#f08c00}\n` +
  `.muted{color:var(--muted)}.toc{columns:2;padding-left:1.2rem}a{color:var(--accent)}\n`;

/** A whole page: the navigation on top, `body` in the middle. */
export function page(baseUrl: string, title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">\n` +
    `<title>${escapeHtml(title)} · Folio</title><style>${STYLE}</style></head><body>\n` +
    `<header><strong><a href="${baseUrl}/">Folio</a></strong><a href="${baseUrl}/docs">API reference</a>` +
    `<a href="${baseUrl}/docs/errors">Errors</a><a href="${baseUrl}/studio">Studio</a>` +
    `<a href="${baseUrl}/openapi.json">openapi.json</a></header>\n` +
    `<main>${body}</main></body></html>`
  );
}
