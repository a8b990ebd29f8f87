import type { PdfUaViolation } from "@folio/render-page/pdfua/violations";
import type { EInvoiceCompliance } from "../../contract/compliance";
import type { RenderOptions } from "../../contract/render-options/options-schema";
import type { Database } from "../../db/client";
import type { TemplateVersionRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import { newId } from "../../lib/ids";
import { UNTIMED } from "../../lib/render-timings";
import { PREVIEW_MARK } from "../../render/pdf/preview-mark";
import { admitPreview, type PreviewLimiters } from "../accounts/admission";
import type { RateDecision } from "../ports/rate-limiter";
import { refuseInapplicableOptions } from "../render-options/applicability";
import type { Caller } from "../renders/create-render";
import { type ProduceDeps, renderFile } from "../renders/produce-file";
import { CONTENT_TYPES, type OutputFormat, outputFormat, planPorts, planRender } from "../renders/render-plan";
import type { PlannedSignature } from "../renders/sign-plan";
import { accessibilityWarning } from "../templates/accessibility-warning";
import { checkDefinition } from "../templates/check-definition";
import { type TemplateDefinition, templateChecksum } from "../templates/checksum";
import { violationWarning } from "../templates/e-invoice-warnings";
import { resolveTemplate } from "../templates/find-template";
import type { TemplateReference } from "../templates/reference";
import { type TemplateWarning, templateWarnings } from "../templates/template-warnings";
import { validateTemplateData } from "../templates/validate-data";

/** A preview prints at most this many pages: enough to judge a layout, never a way around the page ceiling. */
export const MAX_PREVIEW_PAGES = 50;

export type PreviewSubject = { ref: TemplateReference } | { definition: TemplateDefinition };

export interface PreviewRequest {
  subject: PreviewSubject;
  data: unknown;
  format?: OutputFormat | undefined;
  options?: RenderOptions | undefined;
  /** When the request was received: the instant the template's "now" and "today" read. */
  receivedAt: Date;
}

export interface Preview {
  bytes: Uint8Array;
  contentType: string;
  pageCount: number;
  /** True when the document has more pages than a preview prints: the file holds the first MAX_PREVIEW_PAGES. */
  truncated: boolean;
  /** What the template diagnostics find in the version (the first 100): the studio shows them beside the preview. */
  warnings: TemplateWarning[];
  /** True when the version has more warnings than `warnings` holds. */
  warningsTruncated: boolean;
  /** An e-invoice's rule sets: those applied, and those not (their verdict says nothing of them). */
  eInvoiceRules?: Pick<EInvoiceCompliance, "rules" | "rules_not_applied">;
}

/**
 * A preview's time on a browser page, whatever the request or the template asks: previews are free, so they are short.
 */
export const MAX_PREVIEW_TIMEOUT_MS = 10_000;

/** The options a preview prints with: the plan's, its `timeout_ms` clamped to MAX_PREVIEW_TIMEOUT_MS. */
export function previewOptions(options: RenderOptions): RenderOptions {
  const timeout_ms = Math.min(options.timeout_ms ?? MAX_PREVIEW_TIMEOUT_MS, MAX_PREVIEW_TIMEOUT_MS);
  // A preview shows work in progress: an e-invoice's rule violations never refuse it (a render enforces them).
  const e_invoice = options.e_invoice && { ...options.e_invoice, validation: "report" as const };
  return { ...options, timeout_ms, ...(e_invoice ? { e_invoice } : {}) };
}

/** An unsaved definition as a version that is never stored: checked exactly as at create. */
async function unsavedVersion(definition: TemplateDefinition): Promise<TemplateVersionRow> {
  checkDefinition(definition);
  return {
    id: "tv_unsaved",
    templateId: "tpl_unsaved",
    version: 0,
    ...definition,
    expectedPages: 1,
    example: null,
    message: null,
    checksum: await templateChecksum(definition),
    createdAt: "",
  };
}

/**
 * POST /v1/previews: a stored version or an unsaved definition rendered through the one render path, with
 * "PREVIEW" across every page. Nothing is stored, cached, billed or listed: the bytes are the answer.
 */
export async function createPreview(
  { account, apiKeyId }: Caller,
  request: PreviewRequest,
  deps: Omit<ProduceDeps, "files" | "meter"> & PreviewLimiters & { db: Database },
): Promise<Preview & { rate: RateDecision }> {
  const admitting = (deps.timings ?? UNTIMED).measure("admission", () => admitPreview({ account, apiKeyId }, deps));
  // A stored version is looked up while admission is asked (one round trip for both), which still decides first: a
  // refused preview is refused whatever its template.
  const resolving =
    "ref" in request.subject
      ? resolveTemplate(deps.db, account.id, request.subject.ref).then((found) => found.version)
      : unsavedVersion(request.subject.definition);
  resolving.catch(() => undefined);
  const rate = await admitting;
  const version = await resolving;
  const errors = validateTemplateData(version, request.data);
  const [firstError] = errors;
  if (firstError) {
    throw new ServiceError(
      "validation_error",
      `The data does not match the ` +
        `schema: ${firstError.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}`,
      { errors },
    );
  }
  refuseInapplicableOptions(request.options, version.engine, outputFormat(version, request.format));
  const planned = await planRender(version, request, planPorts(account.id, deps), "preview");
  const plan = { ...planned, options: previewOptions(planned.options), watermark: PREVIEW_MARK };
  const file = await renderFile(plan, deps, {
    accountId: account.id,
    share: "free",
    renderId: newId("prv"),
    maxUnits: MAX_PREVIEW_PAGES,
    cutAtMaxUnits: true,
  });
  return {
    bytes: file.bytes,
    contentType: CONTENT_TYPES[plan.format],
    pageCount: file.pageCount,
    truncated: file.cut === true,
    ...(await previewWarnings(version, file.compliance?.e_invoice, file.accessibilityViolations, planned.signature)),
    ...eInvoiceRules(file.compliance?.e_invoice),
    rate,
  };
}

/** A preview never signs: it says so first, so no header's cut can drop it. */
function signSkippedWarning({ option, level }: PlannedSignature): TemplateWarning {
  const box = option.visible ? " Its visible box is outlined where the signature would be drawn." : "";
  return {
    path: "options.sign",
    code: "sign_skipped",
    message: `A preview is never signed: a render with these options signs it (${level}) with \`${option.certificate}\`.${box}`,
  };
}

/** Which rule sets checked the e-invoice and which did not run (docs: /docs#e-invoice-rules). */
function eInvoiceRules(invoice: EInvoiceCompliance | undefined): Pick<Preview, "eInvoiceRules"> {
  return invoice ? { eInvoiceRules: { rules: invoice.rules, rules_not_applied: invoice.rules_not_applied } } : {};
}

/**
 * The template's warnings, then what the rules found in an e-invoice's XML and the PDF/UA check in the file: a preview
 * is never refused for them.
 */
async function previewWarnings(
  version: TemplateVersionRow,
  invoice: EInvoiceCompliance | undefined,
  accessibility: PdfUaViolation[] = [],
  signature?: PlannedSignature,
): Promise<Pick<Preview, "warnings" | "warningsTruncated">> {
  const list = await templateWarnings(version);
  const found = invoice?.violations.map(violationWarning) ?? [];
  const skipped = signature ? [signSkippedWarning(signature)] : [];
  return {
    warnings: [...skipped, ...list.warnings, ...found, ...accessibility.map(accessibilityWarning)],
    warningsTruncated: list.warnings_truncated === true || invoice?.violations_truncated === true,
  };
}
