import type { Database } from "../../db/client";
import type { EInvoiceChecker } from "./e-invoice-warnings";
import { resolveTemplate } from "./find-template";
import { formatReference, type TemplateReference } from "./reference";
import { parseExample } from "./serialize-template";
import { templateWarnings } from "./template-warnings";
import { validateTemplateData } from "./validate-data";

/**
 * POST /v1/templates/{ref}/validate and the validate_template tool: the data's field errors and the version's warnings.
 */
export async function validationResult(
  db: Database,
  accountId: string,
  ref: TemplateReference,
  data: unknown,
  checkEInvoice: EInvoiceChecker,
) {
  const { template, version } = await resolveTemplate(db, accountId, ref);
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
