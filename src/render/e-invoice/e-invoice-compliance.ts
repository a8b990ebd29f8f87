// An e-invoice is checked with the official rules while its page prints (the check runs on the render backend,
// where Node runs): enforced, a fatal violation fails the render before anything is stored or billed; reported,
// the violations travel with the render as its receipt.
import type { EInvoiceCompliance } from "../../contract/compliance";
import type { EInvoiceValidationMode } from "../../contract/render-options/e-invoice-option";
import { ServiceError } from "../../errors";
import type { EInvoiceCheck, EInvoiceKind, EInvoiceValidation, RenderBackend, SideSeat } from "../chromium/driver";

function refusal(verdict: EInvoiceValidation): ServiceError {
  const fatal = verdict.violations.filter((v) => v.severity === "fatal");
  const rules = [...new Set(fatal.map((v) => v.rule))].join(", ");
  return new ServiceError(
    "render_failed",
    `The e-invoice does not pass the official rules (${rules}); nothing was stored or billed. Correct the XML or ` +
      'its data, or render with `e_invoice.validation: "report"` to keep the violations in the receipt instead.',
    {
      details: {
        stage: "e_invoice",
        reason: "e_invoice_invalid",
        retryable: false,
        violations: verdict.violations,
        ...(verdict.violations_truncated ? { violations_truncated: true } : {}),
      },
    },
  );
}

const UNCHECKED = new ServiceError(
  "render_failed",
  "No validator can check the e-invoice here (the Browser Rendering driver has no render backend); nothing was " +
    'stored or billed. Retry where a render backend runs, or render with `e_invoice.validation: "report"`.',
  { details: { stage: "e_invoice", reason: "e_invoice_unchecked", retryable: true, transient: true } },
);

/** What the receipt says was declared: a UBL invoice's CIUS is its profile too. */
function receiptKind(kind: EInvoiceKind): Pick<EInvoiceCompliance, "standard" | "profile" | "cius"> {
  return kind.standard === "ubl"
    ? { standard: kind.standard, profile: kind.cius, cius: kind.cius }
    : { standard: kind.standard, profile: kind.profile };
}

/**
 * Checks the rendered XML as the render's work (`seat`: its account, and the free share for free accounts and
 * previews); enforced, an invalid (or unchecked) invoice throws `render_failed`, stage e_invoice.
 */
export async function checkedEInvoice(
  backend: RenderBackend,
  check: EInvoiceCheck,
  validation: EInvoiceValidationMode,
  seat: SideSeat,
): Promise<EInvoiceCompliance> {
  // Where no Node runs the rules (Browser Rendering), the invoice is unchecked.
  const verdict = backend.eInvoices ? await backend.eInvoices.check(check, seat) : "unchecked";
  const kind = receiptKind(check);
  if (verdict === "unchecked") {
    if (validation === "enforce") throw UNCHECKED;
    return { ...kind, valid: null, unchecked: true, rules: [], rules_not_applied: [], violations: [] };
  }
  if (!verdict.valid && validation === "enforce") throw refusal(verdict);
  return { ...kind, ...verdict };
}
