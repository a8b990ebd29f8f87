import { apiReference, propertyTable } from "../../docs/api-reference";
import { codesGuide } from "../../docs/codes-guide";
import { eInvoiceGuide } from "../../docs/e-invoice-guide";
import { examplesById } from "../../docs/endpoint-examples";
import { finishingGuide } from "../../docs/finishing-guide";
import { liquidGuide, webhookGuide } from "../../docs/guides";
import { inline } from "../../docs/html";
import { limitsGuide } from "../../docs/limits-guide";
import { longDocumentsGuide } from "../../docs/long-documents-guide";
import type { OpenApiDocument } from "../../docs/openapi-document";
import { signingGuide } from "../../docs/signing-guide";
import { webhookDeliveriesGuide } from "../../docs/webhook-deliveries-guide";
import { servedFormats } from "../../domain/render-options/applicability";
import { docsUrl, ERROR_TYPE_NAMES, ERROR_TYPES } from "../../error-table";
import { escapeHtml } from "../../lib/escape-html";

function quickStart(baseUrl: string, document: OpenApiDocument): string {
  return (
    `<h1>Folio API reference</h1>\n` +
    `<p>A versioned template (HTML and Liquid, optionally a JSON Schema for its data) and a JSON payload in; ` +
    `a deterministic, cached PDF, PNG or JPG behind a signed URL out. Every <code>/v1</code> call takes an API ` +
    `key as <code>Authorization: Bearer &lt;key&gt;</code>; <a href="${baseUrl}/studio">the studio</a> starts ` +
    `a free trial without one. The machine-readable description is <a href="${baseUrl}/openapi.json">` +
    `<code>/openapi.json</code></a>; an AI assistant connects to the agent server at ` +
    `<code>${escapeHtml(baseUrl)}/mcp</code>.</p>\n` +
    `<p>Create a template, then render it: every example on this page runs as written, in order, on a new ` +
    `account (set <code>KEY</code> to its API key), each using what the ones before it made.</p>` +
    examplesById(baseUrl, document, ["quickstart-template", "quickstart-render"]) +
    `<p>Contents: <a href="#options">render options</a> · <a href="#finishing">document finishing</a> · <a ` +
    `href="#long-documents">long documents</a> · <a href="#e-invoices">e-invoices</a> · <a ` +
    `href="#liquid">Liquid</a> · <a href="#webhooks">webhooks</a> · <a href="#errors">errors</a> · <a ` +
    `href="#Renders">endpoints</a> · <a href="#schemas">schemas</a></p>`
  );
}

function optionsSection(document: OpenApiDocument): string {
  const schema = document.components?.schemas?.RenderOptions;
  const columns = [
    { heading: "chromium template", cell: (name: string) => escapeHtml(servedFormats(name).chromium) },
    { heading: "satori template", cell: (name: string) => escapeHtml(servedFormats(name).satori) },
  ];
  return (
    `<h2 id="options">Render options</h2><p>Given per request in <code>options</code>, or as a template's ` +
    `defaults; the request's values win over the template's, and both over the document's own CSS: ` +
    `<code>page_size</code>, <code>landscape</code> and <code>margin</code>, when set, win over the document's ` +
    `<code>@page</code>. Unknown keys are refused, and so is a request option the output format does not use ` +
    `(400 at <code>options.&lt;key&gt;</code>); a template default the format does not use is ignored. The last ` +
    `two columns say which formats each option serves. A satori card rendered as PDF or JPG keeps the card: ` +
    `<code>width</code> x <code>height</code>, one page, no margin, ` +
    `Inter.</p>${schema ? propertyTable(schema, columns) : ""}`
  );
}

function errorsSection(baseUrl: string): string {
  const rows = ERROR_TYPE_NAMES.map(
    (t) =>
      `<tr><td><a href="${docsUrl(baseUrl, t)}"><code>${t}</code></a></td><td>${ERROR_TYPES[t].status}</td>` +
      `<td>${inline(ERROR_TYPES[t].meaning)}</td></tr>`,
  );
  return (
    `<h2 id="errors">Errors</h2><p>Every error answers <code>{"error": {"type", "message", "docs_url", ` +
    `"errors"?, "details"?}}</code>. Branch on <code>type</code>; each has a page.</p><table><tr><th>type</th>` +
    `<th>HTTP</th><th>meaning</th></tr>${rows.join("")}</table>`
  );
}

/** The body of GET /docs: the whole reference, from the running OpenAPI document. */
export async function referenceBody(baseUrl: string, document: OpenApiDocument): Promise<string> {
  return [
    quickStart(baseUrl, document),
    optionsSection(document),
    finishingGuide(),
    longDocumentsGuide(),
    eInvoiceGuide(),
    await liquidGuide(),
    await codesGuide(),
    signingGuide(),
    limitsGuide(),
    webhookGuide(baseUrl),
    webhookDeliveriesGuide(),
    errorsSection(baseUrl),
    apiReference(baseUrl, document),
  ].join("");
}
