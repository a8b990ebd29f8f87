import type { Database } from "../../db/client";
import type { AccountRow } from "../../db/schema";
import type { RenderBackend } from "../../render/chromium/driver";
import { type PreviewLimiters, previewAdmission } from "../accounts/admission";
import { eInvoiceChecker } from "./e-invoice-warnings";
import { resolveTemplate } from "./find-template";
import { formatReference, type TemplateReference } from "./reference";
import { parseExample } from "./serialize-template";
import { templateWarnings } from "./template-warnings";
import { validateTemplateData } from "./validate-data";

/**
 * POST /v1/templates/{ref}/validate and the validate_template tool: the data's field errors and the version's warnings.
 * Free, and counted as a preview (docs/limits.md#previews): it may check an e-invoice with the official rules.
 */
export async function validationResult(
  caller: { account: AccountRow; apiKeyId: string },
  ref: TemplateReference,
  data: unknown,
  deps: PreviewLimiters & { db: Database; chromium: () => RenderBackend },
) {
  const admission = previewAdmission(caller, deps);
  await admission();
  const { template, version } = await resolveTemplate(deps.db, caller.account.id, ref);
  const checkEInvoice = eInvoiceChecker(deps.chromium, caller.account.id, admission);
  const errors = validateTemplateData(version, data);
  return {
    object: "validation" as const,
    template: formatReference(template.name, version.version),
    valid: errors.length === 0,
    errors,
    example: parseExample(version),
    ...(await templateWarnings(version, checkEInvoice)),
  };
}
