// The rules of `options.sign` (docs/signing.md#the-option) that need its other options: the signature is the last
// thing written into the very file that ships, so nothing may change that file after it nor hide it.

import type { RenderOptions } from "../../contract/render-options/options-schema";
import type { FieldError } from "../../errors";

function signConflict(message: string, expected: string, path = "options.sign"): FieldError {
  return { path, message, expected, received: "finishing options that cannot go together (/docs#finishing)" };
}

/** Why `options.sign` cannot be, judged on the options the render uses (a template's and the request's). */
export function signProblems(options: RenderOptions): FieldError[] {
  const sign = options.sign;
  if (!sign) return [];
  const errors: FieldError[] = [];
  if (options.encryption)
    errors.push(
      signConflict(
        "`sign` cannot be combined with `encryption`: an encrypted file's signature could not be checked by " +
          "anyone without its password, and encrypting after signing would break it.",
        "no `encryption` with `sign`",
      ),
    );
  const invoice = options.e_invoice;
  if (invoice?.standard === "ubl" && invoice.embed_pdf === false)
    errors.push(
      signConflict(
        "`sign` signs the PDF inside a UBL e-invoice (never its XML), and `embed_pdf: false` leaves none: drop one " +
          "of them.",
        "no `sign` with `embed_pdf: false`",
      ),
    );
  return errors;
}

/** A template default never signs: each render request names the certificate it is signed with. */
export function templateSignProblems(options: RenderOptions): FieldError[] {
  if (!options.sign) return [];
  return [
    {
      path: "options.sign",
      message:
        "`sign` cannot be a template default: a signature is the caller's act with a certificate they hold now. " +
        "Send it with each render request.",
      expected: "no `sign` in template options",
      received: "object",
    },
  ];
}
