import type { components } from "./schema.js";

export type { Certificate, CertificateCreateRequest } from "./certificates.js";
export { canonicalJson, type TemplateDefinition, templateChecksum } from "./checksum.js";
export { CONTENT_TYPES, OUTPUT_FORMATS, type OutputFormat, TEMPLATE_NAME_PATTERN } from "./contract.js";
export type { WebhookDelivery, WebhookTestResult } from "./deliveries.js";
export { type ErrorType, type FieldError, FolioError, unwrap } from "./errors.js";
export { createFolio, type Folio, type FolioOptions, startTrial, types, webhooks } from "./folio.js";
export { type EInvoiceRules, type PreviewFile, type PreviewRequest, previewFile } from "./preview.js";
export {
  type Render,
  type RenderCallOptions,
  type RenderRequest,
  RenderWaitTimeout,
  type WaitOptions,
} from "./render.js";
export type { RetryPolicy } from "./retrying-fetch.js";
export type { components, operations, paths } from "./schema.js";
export { fromSchema, type JsonSchema } from "./schema-types.js";
export {
  type VerifyOptions,
  verify,
  type WebhookEvent,
  type WebhookHeaders,
  WebhookVerificationError,
} from "./webhooks.js";

type Schemas = components["schemas"];
export type Template = Schemas["Template"];
export type TemplateInput = Schemas["TemplateInput"];
export type TemplateVersionInput = Schemas["TemplateVersionInput"];
export type TemplateWarning = Schemas["TemplateWarning"];
export type RenderOptions = Schemas["RenderOptions"];
export type Batch = Schemas["Batch"];
export type Usage = Schemas["Usage"];
export type Trial = Schemas["Trial"];
