// The "Limits" part of /docs: what bounds a request's work, so no request holds the service or gets output for free
// (docs/contributing.md, "How a render stays safe"). Each number is the constant the code enforces, never a copy of it.

import { TRIAL_STARTS_PER_HOUR } from "../domain/accounts/start-trial";
import { MAX_PREVIEW_PAGES, MAX_PREVIEW_TIMEOUT_MS } from "../domain/previews/create-preview";
import { MAX_WARNINGS } from "../domain/templates/template-warnings";
import { MAX_LIQUID_DEPTH, MAX_LIQUID_NODES } from "../render/liquid-parse";
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
} from "../render/satori-budget";
import { MAX_XML_DEPTH } from "../render/xml-gate";
import { inline } from "./html";

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
    `\`timeout_ms\` at most ${n(MAX_PREVIEW_TIMEOUT_MS)}, ${MAX_PREVIEW_PAGES} pages printed, the PREVIEW ` +
      `mark drawn onto the output; at most half of a renderer's pages for free work (free and trial accounts, ` +
      `every preview)`,
    "`X-Service-Preview-Truncated: true` past the pages",
  ],
  [
    "trials",
    `${TRIAL_STARTS_PER_HOUR} an hour per client address (an IPv6 client per /64), 200 an hour for the whole ` +
      `service (\`TRIAL_STARTS_PER_HOUR_TOTAL\`)`,
    "429 `rate_limited` with `Retry-After`",
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
