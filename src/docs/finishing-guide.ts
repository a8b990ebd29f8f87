// The "Document finishing" part of /docs, where the PDF-only options are stated for users: one example per option, as a
// request's `options`.
import { MAX_PDFUA_PAGES } from "@folio/render-page/pdfua/accessibility-job";
import { escapeHtml } from "../lib/escape-html";
import { inline } from "./html";

const EXAMPLES: Array<[string, unknown, string]> = [
  [
    "tagged",
    { tagged: true },
    "A tagged PDF: a structure tree for screen readers, `/Lang` from `<html lang>`. `pdfinfo` says `Tagged: yes`.",
  ],
  [
    "pdfua",
    { pdfua: "1", metadata: { title: "Invoice 2026-0042", lang: "de-CH" } },
    "PDF/UA-1 (ISO 14289-1); implies `tagged`. The document gives its language (`<html lang>`, or " +
      "`metadata.lang`, a BCP 47 tag, when it has none) and its title (`<title>` or `metadata.title`). Folio " +
      "mends Chromium's tagged output and checks the file: one that fails is `render_failed`, stage " +
      "`accessibility`, with `details.violations` (Matterhorn checkpoints), nothing stored or billed; one that " +
      "passes carries `compliance.accessibility`; a preview answers the violations as warnings. With `pdfua` in a " +
      "template's options, create, publish and validate render its example with Liquid and answer warnings " +
      "`accessibility` at the source's line for what its HTML shows: no language, no title, an `<img>` without " +
      "`alt`, headings that skip a level or start below h1, a `<table>` without `<th>` (`FOLIO-TABLE-HEADERS`; " +
      '`role="presentation"` marks a layout table), a link without text, `aria-label` or image `alt` ' +
      "(`FOLIO-LINK-TEXT`). Each link annotation says what a reader hears for the link: its `aria-label`, else " +
      "its text, else its images' `alt` (its URL past the bounds in /docs#limits). What `header_html` and " +
      "`footer_html` show is hidden from screen readers (repeat in the body what a reader needs); a link there " +
      `is announced by its name the same way, once after the body. At most ${MAX_PDFUA_PAGES} pages. Not with ` +
      "`tagged: false` (a PDF/UA file is tagged), `chunk`, with `encryption` whose `permissions.copy` is false (a reader that may not copy text withholds it " +
      "from screen readers), nor with a UBL e-invoice's `embed_pdf: false` (no PDF to make accessible).",
  ],
  ["outline", { outline: true }, "Bookmarks from the h1 to h6 headings, nested by level (implies `tagged`)."],
  [
    "toc",
    { toc: true },
    "Put `<nav data-toc></nav>` where the contents go: it is filled with a nested list (`ol.folio-toc`, each " +
      "`a.folio-toc-link` holding `.folio-toc-title` and `.folio-toc-page`) of the h1 to h3 headings, each " +
      "linking to its heading with the page it lands on. The page is printed again until the numbers hold (at " +
      "most 3 prints); style the list with your own CSS.",
  ],
  [
    "watermark",
    { watermark: { text: "DRAFT", opacity: 0.12, angle: -30 } },
    "Text across every page, under the content: the document's text stays on top and selectable.",
  ],
  [
    "pdfa",
    { pdfa: "2b" },
    'PDF/A-2b (or `"3b"`): XMP with `pdfaid:part` and `pdfaid:conformance`, an sRGB output intent, every font ' +
      "embedded, the document id from the cache key, no dates.",
  ],
  [
    "attachments",
    {
      pdfa: "3b",
      attachments: [
        {
          filename: "order.json",
          content: '{"order": "{{ invoice.number }}"}',
          mime_type: "application/json",
          description: "The order",
        },
        { filename: "logo.png", encoding: "base64", content: "iVBORw0KGgo...", mime_type: "image/png" },
      ],
    },
    "Up to 10 embedded files. utf8 content (the default) is Liquid rendered with the render's data; base64 " +
      "content is the file's bytes; in utf8 content declared as XML, outputs are escaped (`/docs#liquid-xml`). " +
      'With `pdfa: "3b"` each is an associated file with AFRelationship Data; PDF/A-2b cannot carry attachments.',
  ],
  [
    "e_invoice",
    {
      e_invoice: {
        standard: "factur-x",
        profile: "en16931",
        xml:
          '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice ' +
          'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ...>\n  ... <ram:ID>{{ ' +
          "invoice.number }}</ram:ID> ...\n</rsm:CrossIndustryInvoice>",
      },
    },
    "A Factur-X (ZUGFeRD) invoice from the same payload as the page: `xml` is Liquid rendered with the same " +
      "validated data, refused (`render_failed`, stage `template`) unless it is well-formed XML whose root is " +
      "`rsm:CrossIndustryInvoice`, and embedded as `factur-x.xml` (AFRelationship Alternative) in a PDF/A-3b " +
      "with the Factur-X XMP extension schema and the profile as its conformance level. Its outputs are escaped " +
      "for XML (`/docs#liquid-xml`). Keep the XML in the template's default options, so every render of the " +
      "invoice carries it.",
  ],
  [
    "encryption",
    {
      encryption: {
        owner_password: "owner-secret",
        user_password: "reader-secret",
        permissions: { print: true, copy: false, modify: false, annotate: true },
      },
    },
    "AES-256. The user password opens the document with `permissions` (each defaults to true); the owner " +
      "password opens it with every permission. Passwords are 1 to 127 characters, never stored, logged or " +
      "returned, and cannot be template defaults. The only option whose bytes differ from run to run (random " +
      "salts); a repeat of the same request is still answered from the cache.",
  ],
];

export function finishingGuide(): string {
  const rows = EXAMPLES.map(
    ([name, options, meaning]) =>
      `<tr><td><code>${name}</code></td><td><pre>${escapeHtml(JSON.stringify({ options }, null, 1))}</pre>` +
      `</td><td>${inline(meaning)}</td></tr>`,
  );
  return (
    `<h2 id="finishing">Document finishing</h2>\n` +
    `<p>PDF options for accessible, archival, e-invoice and protected documents. Each applies to ` +
    `<code>pdf</code> only (400 at <code>options.&lt;key&gt;</code> for a PNG or JPG), can be a template ` +
    `default (except <code>encryption</code>), and enters the cache key like any option. Chromium tags, ` +
    `bookmarks and paginates the contents; PDF/A, attachments, Factur-X and encryption are applied to the ` +
    `printed PDF, the same for both Chromium drivers, with <code>@cantoo/pdf-lib</code>. Every option but ` +
    `<code>encryption</code> gives byte-identical files for the same request. Refused together (400): ` +
    `<code>pdfa</code> or <code>e_invoice</code> with <code>encryption</code> (PDF/A forbids encryption), ` +
    `<code>e_invoice</code> with <code>pdfa: "2b"</code>, <code>attachments</code> with <code>pdfa: ` +
    `"2b"</code>, <code>pdfua</code> with <code>chunk</code>, with <code>permissions.copy: false</code> or ` +
    `with <code>embed_pdf: false</code>, and two attachments with one file name. Metering is unchanged: the pages produced.</p>\n` +
    `<table><tr><th>option</th><th>example</th><th>what you get</th></tr>${rows.join("")}</table>`
  );
}
