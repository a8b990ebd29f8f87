import { facturXFileName } from "../../contract/render-options/e-invoice-option";
import type { RenderOptions } from "../../contract/render-options/options-schema";
import { type FieldError, ServiceError } from "../../errors";
import { signProblems, templateSignProblems } from "./sign-rules";

function conflict(path: string, message: string, expected: string): FieldError {
  return { path, message, expected, received: "finishing options that cannot go together (/docs#finishing)" };
}

/**
 * `pdfua` conflicts (docs/document-finishing.md): a PDF/UA file is tagged, a reader that may not copy text withholds it
 * from assistive technology too, and a UBL file without its PDF has no document to make accessible.
 */
function accessibilityConflicts(options: RenderOptions): FieldError[] {
  if (!options.pdfua) return [];
  const errors: FieldError[] = [];
  if (options.tagged === false)
    errors.push(
      conflict(
        "options.tagged",
        "`tagged: false` cannot be combined with `pdfua`: a PDF/UA-1 file is tagged (`pdfua` implies `tagged`).",
        "no `tagged: false` with `pdfua`",
      ),
    );
  if (options.encryption?.permissions?.copy === false)
    errors.push(
      conflict(
        "options.encryption",
        "`encryption` with `permissions.copy: false` cannot be combined with `pdfua`: a reader that may not copy " +
          "the text withholds it from screen readers too.",
        "no `permissions.copy: false` with `pdfua`",
      ),
    );
  const invoice = options.e_invoice;
  if (invoice?.standard === "ubl" && invoice.embed_pdf === false)
    errors.push(
      conflict(
        "options.pdfua",
        "`pdfua` applies to the PDF inside a UBL e-invoice, and `embed_pdf: false` leaves none: drop one of them.",
        "no `pdfua` with `embed_pdf: false`",
      ),
    );
  return errors;
}

/**
 * The finishing combinations a render cannot have (/docs#finishing), judged on the options it uses: the request's
 * over the template's, so a template default and a request option can conflict too.
 */
function finishingConflicts(options: RenderOptions): FieldError[] {
  const errors: FieldError[] = [];
  // PDF/A forbids encryption, a Factur-X invoice is a PDF/A-3, and a UBL receiver must open the PDF inside.
  const invoice = options.e_invoice;
  if (options.encryption && (options.pdfa || invoice)) {
    const why = options.pdfa
      ? "`pdfa`: PDF/A forbids encryption"
      : invoice?.standard === "ubl"
        ? "a UBL e-invoice: its receiver must open the PDF inside"
        : "`e_invoice` (a PDF/A-3): PDF/A forbids encryption";
    errors.push(
      conflict(
        "options.encryption",
        `\`encryption\` cannot be combined with ${why}.`,
        "no `encryption` with `pdfa` or `e_invoice`",
      ),
    );
  }
  if (invoice?.standard === "factur-x" && options.pdfa === "2b") {
    errors.push(
      conflict(
        "options.pdfa",
        '`e_invoice` makes the document PDF/A-3b: leave `pdfa` out or set it to "3b".',
        'no `pdfa` or "3b"',
      ),
    );
  }
  // PDF/A-2 admits only embedded files that are PDF/A themselves; PDF/A-3 admits any.
  if (options.attachments?.length && options.pdfa === "2b") {
    errors.push(
      conflict(
        "options.attachments",
        'PDF/A-2b cannot carry attachments: use `pdfa: "3b"`, which can.',
        'no `attachments`, or `pdfa: "3b"`',
      ),
    );
  }
  const invoiceFile = invoice?.standard === "factur-x" ? facturXFileName(invoice.profile) : undefined;
  const seen = new Set<string>(invoiceFile ? [invoiceFile] : []);
  options.attachments?.forEach(({ filename }, index) => {
    const taken = seen.has(filename);
    seen.add(filename);
    if (!taken) return;
    const why =
      filename === invoiceFile ? "it is the name `e_invoice` embeds its XML under" : "another attachment has it";
    errors.push({
      path: `options.attachments[${index}].filename`,
      message: `\`options.attachments[${index}].filename\` must be unique: ${why}.`,
      expected: "a file name no other attachment uses",
      received: `string ${JSON.stringify(filename)}`,
    });
  });
  return [...errors, ...accessibilityConflicts(options), ...signProblems(options)];
}

/** Refuses a render whose finishing options conflict (400, every conflict named). */
export function refuseFinishingConflicts(options: RenderOptions): void {
  const errors = finishingConflicts(options);
  const [first] = errors;
  if (!first) return;
  throw new ServiceError(
    "invalid_request",
    errors.length === 1 ? first.message : `${first.message} And ${errors.length - 1} more; see \`errors\`.`,
    { errors },
  );
}

/**
 * Template defaults are stored and shown by GET, so they never hold passwords, nor a signature that every render of the
 * template would make; their finishing must agree with itself.
 */
export function templateFinishingProblems(options: RenderOptions): FieldError[] {
  const stored = options.encryption
    ? [
        {
          path: "options.encryption",
          message:
            "`encryption` cannot be a template default: passwords are never stored. Send it with each render request.",
          expected: "no `encryption` in template options",
          received: "object",
        },
      ]
    : [];
  return [...stored, ...templateSignProblems(options), ...finishingConflicts(options)];
}
