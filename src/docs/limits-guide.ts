// The "Limits" part of /docs: what bounds a request's work, so no request holds the service or gets output for free
// (docs/contributing.md, "How a render stays safe"). Each number is the constant the code enforces, never a copy of it.

import { ACCOUNT_PIECES_MIB, INSTANCE_PIECES_MIB, SILENT_SESSION_MS } from "@folio/render-page/chunk-limits";
import { LINK_NAME_LIMITS } from "@folio/render-page/link-names";
import { MAX_PDFUA_PAGES } from "@folio/render-page/pdfua/accessibility-job";
import { MAX_RASTER_PIXELS, MAX_RASTER_SIDE } from "@folio/render-page/raster-limits";
import { SIDE_SEATS, SIDE_WORK_LIMIT_MS } from "@folio/render-page/side-seats";
import { FREE_PREVIEWS_PER_DAY, PREVIEWS_PER_MINUTE, WEBHOOK_SENDS_PER_MINUTE } from "../domain/accounts/admission";
import { TRIAL_STARTS_PER_HOUR, TRIAL_STARTS_PER_HOUR_PER_NETWORK } from "../domain/accounts/start-trial";
import { MAX_PREVIEW_PAGES, MAX_PREVIEW_TIMEOUT_MS } from "../domain/previews/create-preview";
import { MAX_WARNINGS } from "../domain/templates/template-warnings";
import { DELIVERIES_PER_HOST_PER_MINUTE } from "../domain/webhooks/host-gate";
import { MAX_RESENDS } from "../domain/webhooks/retry-schedule";
import { MAX_READ_CHARS } from "../render/accessibility/html-findings";
import { MAX_MARGIN_CHARS, MAX_MARGIN_LINKS } from "../render/accessibility/margin-links";
import { MAX_CODES } from "../render/codes/code-ledger";
import { MAX_QR_BYTES } from "../render/codes/qr-code";
import { MAX_XML_DEPTH } from "../render/e-invoice/xml-gate";
import { MAX_LIQUID_DEPTH, MAX_LIQUID_NODES } from "../render/liquid/liquid-parse";
import {
  MAX_BLUR_AREA,
  MAX_CARD_CHARACTERS,
  MAX_CARD_DEPTH,
  MAX_CARD_ELEMENTS,
  MAX_CARD_MARKUP,
  MAX_CARD_PIXELS,
  MAX_FILTER_AREA,
  MAX_GRADIENT_AREA,
  MAX_PATH_SEGMENTS,
  MAX_SVG_ELEMENTS,
} from "../render/satori/satori-budget";
import { inline } from "./html";
import { SIGNING_ROWS } from "./limits-signing-rows";
import { MAX_QUERY_CHARACTERS } from "./outline";

const n = (value: number) => value.toLocaleString("en-US");

const ROWS: Array<[string, string, string]> = [
  [
    "Liquid",
    `${n(MAX_LIQUID_NODES)} tags and outputs per template part (each \`{% liquid %}` +
      `\` line counts), blocks nested ${MAX_LIQUID_DEPTH} deep; 2 s and 32 MB for all the Liquid of one render ` +
      `(source, header, footer, attachments, e-invoice XML)`,
    "400 `invalid_request` at the part with `details.max_nodes` or `details.max_depth` at create; " +
      "`render_failed` (stage `template`) at render",
  ],
  [
    "satori cards",
    `${n(MAX_CARD_ELEMENTS)} elements, ${n(MAX_CARD_CHARACTERS)} characters of text, ${MAX_CARD_DEPTH} ` +
      `levels, ${n(MAX_CARD_MARKUP)} characters of markup in all, counted before Satori runs`,
    "400 at `source` with `details.max_elements`, `max_characters`, `max_depth` or `max_markup_characters`; " +
      "`render_failed` (stage `layout`) when the data makes a card pass one",
  ],
  [
    "satori drawing",
    `${n(MAX_BLUR_AREA)} pixels of shadow, blur and filter regions (a \`filter\`'s \`blur()\` counts four ` +
      `times), ${n(MAX_GRADIENT_AREA)} pixels of gradients (a radial one twice, each hundred stops once more), ` +
      `${n(MAX_SVG_ELEMENTS)} SVG elements drawn (each \`<use>\`, pattern and mask counted as drawn), ` +
      `SVG shapes of ${n(MAX_PATH_SEGMENTS)} segments (their counts' squares summed), ` +
      `${n(MAX_FILTER_AREA)} pixels of SVG filter work, ${n(MAX_CARD_PIXELS)} pixels drawn (the card at its ` +
      `\`device_scale_factor\`, its SVG drawings and its images at their own size), counted before it is drawn`,
    "400 at `options` (`details.max_pixels`) when the options alone pass the pixels; 400 at `source` when the " +
      "markup as written passes one; `render_failed` (stage `layout`, `details.max_blur_area`, `max_gradient_area`, " +
      "`max_svg_elements`, " +
      "`max_path_segments`, `max_filter_area` or `max_pixels`) when the data makes a card pass one",
  ],
  [
    "codes",
    `${n(MAX_CODES)} codes per render (per chunk; identical calls count), ${n(MAX_QR_BYTES)} bytes of text a code; ` +
      "their SVG counts in the render's 32 MB of Liquid",
    "`render_failed` (stage `template`, rule `too_many` with `details.max_codes`, or `too_long` with " +
      "`details.max_bytes`); a warning `invalid_code` at create",
  ],
  [
    "accessible PDFs",
    `a \`pdfua\` render at most ${n(MAX_PDFUA_PAGES)} pages, mended and checked in the render backend's side ` +
      "thread (the e-invoice checks' seats and time limit): at the bench's 21.3 ms a page, " +
      `${n(MAX_PDFUA_PAGES)} pages take ${((MAX_PDFUA_PAGES * 21.3) / 1000).toFixed(1)} s, within half of that ` +
      `thread's ${SIDE_WORK_LIMIT_MS / 1000} s`,
    "`render_failed` (stage `accessibility`, `reason: too_many_pages`, `details.max_pages`), before Chromium " +
      "prints when the template's `expected_pages` passes it",
  ],
  [
    "accessible PDFs' link names",
    `a \`pdfua\` render names at most ${n(LINK_NAME_LIMITS.count)} links, each name cut at ` +
      `${n(LINK_NAME_LIMITS.chars)} characters, all of them in ${n(LINK_NAME_LIMITS.headerBytes)} bytes (base64 of ` +
      "their JSON) on their way from the render backend; the header's and footer's links are named from the first " +
      `${n(MAX_MARGIN_CHARS)} characters of each, at most ${n(MAX_MARGIN_LINKS)} links`,
    "past them every link annotation's `/Contents` is its URL, and the render still passes",
  ],
  [
    "accessibility warnings",
    `a \`pdfua\` template's example rendered with Liquid (its usual budget) and the first ${n(MAX_READ_CHARS)} ` +
      "characters of its HTML read at create, publish and validate",
    "an element past them is not judged: the render's check still is",
  ],
  ["attachments", "10 MiB in all, rendered", "`render_failed` (stage `template`, `reason: attachments_too_large`)"],
  [
    "XML",
    `the e-invoice XML and attachments declared as XML: no DOCTYPE or entity, no \`xml-stylesheet\`, no ` +
      `XInclude, at most ${MAX_XML_DEPTH} levels`,
    "`render_failed` (stage `template`, `details.reason`)",
  ],
  [
    "warnings",
    `${MAX_WARNINGS} an answer; a preview's \`X-Service-Warnings\` at most 8 KB`,
    "`warnings_truncated: true`; `X-Service-Warnings-Truncated: true`",
  ],
  [
    "previews",
    `\`timeout_ms\` at most ${n(MAX_PREVIEW_TIMEOUT_MS)}; the first ${MAX_PREVIEW_PAGES} pages printed; the ` +
      `PREVIEW mark drawn onto the output, inside each PDF page's one content stream and tiled over the whole ` +
      `page (over the whole image of a PNG or JPG); at most half of a renderer's pages for free work (free and ` +
      `trial accounts, every preview)`,
    `\`X-Service-Preview-Truncated: true\` past the pages: the file holds the first ${MAX_PREVIEW_PAGES}`,
  ],
  [
    "preview windows",
    `${PREVIEWS_PER_MINUTE} a minute per API key, apart from renders; ${FREE_PREVIEWS_PER_DAY} a day per free or ` +
      "trial account, all its keys together. `validate`, and creating or publishing a template that makes an " +
      "e-invoice (its example is checked with the official rules), count as previews (REST, agent tools, studio)",
    "429 `rate_limited` with `Retry-After`; `details.limit_name` `previews_per_minute` or `previews_per_day`",
  ],
  [
    "chunk pieces",
    `a chunked render's printed pieces rest on the render backend only while it is in flight, sealed; an account's ` +
      `renders in flight hold at most ${n(ACCOUNT_PIECES_MIB)} MiB of them, all accounts ${n(INSTANCE_PIECES_MIB)} ` +
      `MiB an instance; a render silent for ${SILENT_SESSION_MS / 60_000} minutes loses them`,
    "429 `rate_limited` with `Retry-After` (`details.reason: chunk_disk_full`); `render_failed` " +
      "(`reason: pieces_too_large`) when one render's own pieces pass it",
  ],
  [
    "e-invoice checks, page images",
    `${SIDE_SEATS} at a time per render backend, an account at most one, free work (free and trial accounts, ` +
      `previews, \`validate\`, saving a template with an e-invoice example) at most ${SIDE_SEATS / 2}; ` +
      `${SIDE_WORK_LIMIT_MS / 1000} s each, counted from when it starts, not while it waits; a page image is not ` +
      `drawn when its images pass ${MAX_RASTER_PIXELS / 1e6} megapixels, or one passes ` +
      `${n(MAX_RASTER_SIDE)} pixels a side`,
    "`render_failed` (stage `e_invoice` or `page_image`, `reason: too_slow`); an MCP preview answers the PDF " +
      "instead of the page's image",
  ],
  [
    "trials",
    `${TRIAL_STARTS_PER_HOUR} an hour per client address (an IPv6 client per /64), ` +
      `${TRIAL_STARTS_PER_HOUR_PER_NETWORK} an hour per IPv6 /48, 200 an hour for the whole service ` +
      `(\`TRIAL_STARTS_PER_HOUR_TOTAL\`)`,
    "429 `rate_limited` with `Retry-After`",
  ],
  [
    "webhook sends",
    `test events and resends together ${WEBHOOK_SENDS_PER_MINUTE} a minute per API key; ${MAX_RESENDS} resends a ` +
      `render; every delivery to one host (scheduled, resent, test) ${DELIVERIES_PER_HOST_PER_MINUTE} a minute ` +
      "for the whole service",
    "429 `rate_limited` with `Retry-After`, `details.limit_name` `webhook_sends_per_minute` or " +
      "`webhook_host_per_minute` (a scheduled attempt waits for the host instead); 409 `conflict` " +
      "(`resends_exhausted`) past the resends",
  ],
  ...SIGNING_ROWS,
  [
    "docs search",
    `\`/docs/search\` reads the first ${MAX_QUERY_CHARACTERS} characters of \`q\``,
    "the rest is not read",
  ],
];

export function limitsGuide(): string {
  const rows = ROWS.map(
    ([what, limit, past]) => `<tr><td>${what}</td><td>${inline(limit)}</td><td>${inline(past)}</td></tr>`,
  );
  return (
    `<h2 id="limits">Limits</h2>\n` +
    `<p>What bounds one request's work, counted before the work runs, so that no request holds the service ` +
    `for anyone else and nothing free is a paid render.</p>\n` +
    `<table><tr><th>what</th><th>limit</th><th>past it</th></tr>${rows.join("")}</table>`
  );
}
