import type { components } from "./schema.js";

export { createFolio, types, webhooks, type Folio, type FolioOptions } from "./folio.js";
export { FolioError, unwrap, type ErrorType, type FieldError } from "./errors.js";
export { previewFile, type PreviewFile, type PreviewRequest } from "./preview.js";
export { RenderWaitTimeout, type Render, type RenderCallOptions, type RenderRequest, type WaitOptions } from "./render.js";
export type { RetryPolicy } from "./retrying-fetch.js";
export { fromSchema, type JsonSchema } from "./schema-types.js";
export { verify, WebhookVerificationError, type VerifyOptions, type WebhookEvent, type WebhookHeaders } from "./webhooks.js";
export type { components, operations, paths } from "./schema.js";

type Schemas = components["schemas"];
export type Template = Schemas["Template"];
export type TemplateInput = Schemas["TemplateInput"];
export type TemplateVersionInput = Schemas["TemplateVersionInput"];
export type TemplateWarning = Schemas["TemplateWarning"];
export type RenderOptions = Schemas["RenderOptions"];
export type Batch = Schemas["Batch"];
export type Usage = Schemas["Usage"];
