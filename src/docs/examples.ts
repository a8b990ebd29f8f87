// Every example request /docs shows, in one list: the quickstart's and one or more per endpoint. They run in the
// order the page shows them, against a fresh account, each with the ones before it as its set-up, so they chain by
// name (the quickstart creates `invoice`, the endpoints use it, DELETE removes it last). The answer shown under each
// is the one the service gave, captured by `npm run docs:generate` (scripts/docs-examples.ts) into
// example-answers.json; test/e2e/docs-examples.test.ts runs every example the served page shows and holds the page
// to the service. To add an example: add it here (with `operation`, the endpoint's section shows it) and run
// `npm run docs:generate`.

/** A value the reader puts in a shell variable: from an earlier example's answer, or from outside Folio. */
export type ExampleVariable = { name: string; from: string; field: string } | { name: string; given: string };

export interface DocsExample {
  /** Unique; the block's HTML id is `example-<id>` and its captured answer's key. */
  id: string;
  /** The operationId of the endpoint it calls. */
  operation: string;
  /** Shown under the endpoint of `operation` in the API reference (false for the quickstart's). */
  inReference?: boolean;
  /** Path parameters, by name; `$NAME` is a variable of `variables`. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The whole URL instead of the operation's path (a signed link kept from an answer), e.g. `$FILE_URL`. */
  url?: string;
  /** The file the answer is saved to (`curl -o`), for an answer that is a file. */
  saveAs?: string;
  /** The status the docs say it answers. */
  status: number;
  variables?: ExampleVariable[];
  /** Needs `npm run dev`'s settings (a development-only form): the docs mark it "development". */
  development?: boolean;
  /** A sentence shown above the request. */
  note?: string;
}

const INVOICE_SOURCE = "<h1>Invoice {{ number }}</h1><p>For {{ customer }}</p>";
const INVOICE_SCHEMA = { type: "object", required: ["number"] };
const INVOICE_DATA = { number: "2026-0042", customer: "Ada Lovelace" };

export const DOCS_EXAMPLES: DocsExample[] = [
  {
    id: "quickstart-template",
    operation: "createTemplate",
    inReference: false,
    body: { name: "invoice", source: INVOICE_SOURCE, schema: INVOICE_SCHEMA },
    status: 201,
  },
  {
    id: "quickstart-render",
    operation: "createRender",
    inReference: false,
    body: { template: "invoice", data: INVOICE_DATA },
    status: 200,
  },
  { id: "createRender", operation: "createRender", body: { template: "invoice", data: INVOICE_DATA }, status: 200 },
  {
    id: "createRenderBatch",
    operation: "createRenderBatch",
    body: { renders: [{ template: "invoice", data: { number: "2026-0043" } }] },
    status: 202,
  },
  { id: "listRenders", operation: "listRenders", status: 200 },
  {
    id: "getRender",
    operation: "getRender",
    params: { id: "$RENDER_ID" },
    variables: [{ name: "RENDER_ID", from: "createRender", field: "id" }],
    status: 200,
  },
  {
    id: "listDeliveries",
    operation: "listDeliveries",
    params: { id: "$RENDER_ID" },
    variables: [{ name: "RENDER_ID", from: "createRender", field: "id" }],
    note: "The render above was made without `webhook_url`: its list is empty. Each attempt of a webhook is listed.",
    status: 200,
  },
  {
    id: "resendWebhook",
    operation: "resendWebhook",
    params: { id: "$RENDER_ID" },
    variables: [{ name: "RENDER_ID", from: "createRender", field: "id" }],
    note:
      "A render made without `webhook_url` has nothing to send again: 400. A render whose webhook was delivered or " +
      "failed is sent its final event again.",
    status: 400,
  },
  {
    id: "sendWebhookTest",
    operation: "sendWebhookTest",
    body: { url: "https://example.com/hooks/folio" },
    note: "One signed test event to that URL only; the answer says what it answered.",
    status: 200,
  },
  {
    id: "createPreview",
    operation: "createPreview",
    body: { template: "invoice", data: INVOICE_DATA },
    saveAs: "preview.pdf",
    status: 200,
  },
  {
    id: "getFile",
    operation: "getFile",
    url: "$FILE_URL",
    saveAs: "invoice.pdf",
    variables: [{ name: "FILE_URL", from: "createRender", field: "url" }],
    status: 200,
  },
  { id: "listTemplates", operation: "listTemplates", status: 200 },
  {
    id: "createTemplate",
    operation: "createTemplate",
    body: { name: "receipt", source: "<h1>Receipt {{ number }}</h1>" },
    status: 201,
  },
  { id: "listTemplateVersions", operation: "listTemplateVersions", params: { name: "invoice" }, status: 200 },
  {
    id: "publishTemplateVersion",
    operation: "publishTemplateVersion",
    params: { name: "invoice" },
    body: { source: "<h1>Invoice {{ number }}</h1><p>For {{ customer }}, due {{ due }}</p>", schema: INVOICE_SCHEMA },
    status: 201,
  },
  {
    id: "validateTemplateData",
    operation: "validateTemplateData",
    params: { ref: "invoice@2" },
    body: { data: { ...INVOICE_DATA, due: "2026-12-31" } },
    status: 200,
  },
  { id: "getTemplate", operation: "getTemplate", params: { ref: "invoice@2" }, status: 200 },
  {
    id: "deleteTemplate",
    operation: "deleteTemplate",
    params: { ref: "invoice" },
    note: "Deletes the template with every version of it (`invoice@2` names the same template).",
    status: 200,
  },
  {
    id: "verifyEmail",
    operation: "verifyEmail",
    query: { token: "$TOKEN" },
    variables: [{ name: "TOKEN", given: "the token of the link in the verification email" }],
    status: 200,
  },
  { id: "startTrial", operation: "startTrial", status: 201 },
  { id: "getAccount", operation: "getAccount", status: 200 },
  { id: "rotateWebhookSecret", operation: "rotateWebhookSecret", status: 200 },
  { id: "getUsage", operation: "getUsage", status: 200 },
  {
    id: "createCertificate",
    operation: "createCertificate",
    body: {
      name: "Invoices 2027",
      pkcs12: "<the .p12 file in base64: base64 -w0 signer.p12>",
      password: "<its password>",
    },
    note:
      "Certificates need a paid plan: the docs' account is a free one, so its upload is refused before the file is " +
      "read. On a paid plan the same request answers 201 with the certificate.",
    status: 403,
  },
  { id: "listCertificates", operation: "listCertificates", status: 200 },
  {
    id: "getCertificate",
    operation: "getCertificate",
    params: { id: "crt_0a1b2c3d4e5f6g7h8i9j0k1l" },
    note: "A certificate of another account, or a deleted one, is not found.",
    status: 404,
  },
  {
    id: "deleteCertificate",
    operation: "deleteCertificate",
    params: { id: "crt_0a1b2c3d4e5f6g7h8i9j0k1l" },
    status: 404,
  },
  { id: "health", operation: "health", status: 200 },
];
