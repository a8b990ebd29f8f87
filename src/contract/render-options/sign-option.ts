import { z } from "../../lib/openapi-zod";
import { cssLength } from "./css-length";

// `options.sign` (docs/signing.md#the-option): a PAdES signature with one of the account's certificates. The text
// fields are written into the signature dictionary, so each is bounded (docs/limits.md#signing).

export const SIGN_TEXT_MAX = 256;
export const SIGN_NONCE_MAX = 64;

const boxLength = cssLength.openapi({ example: "40mm" });

const VisibleSignatureSchema = z
  .strictObject({
    page: z
      .int()
      .min(-1)
      .max(100_000)
      .refine((page) => page !== 0, { error: "a page number from 1, or -1 for the last page" })
      .openapi({ description: "The page, from 1; -1 is the last page." }),
    x: boxLength.openapi({ description: "From the page's left edge." }),
    y: boxLength.openapi({ description: "From the page's top edge." }),
    width: boxLength,
    height: boxLength,
  })
  .openapi("VisibleSignature", {
    description: "Where the signature shows the signer's name and the signing time (UTC); without it, invisible.",
  });

const signText = (what: string) =>
  z
    .string()
    .min(1)
    .max(SIGN_TEXT_MAX)
    .optional()
    .openapi({ description: `${what}, written into the signature (up to ${SIGN_TEXT_MAX} characters).` });

export const SignSchema = z
  .strictObject({
    certificate: z
      .string()
      .regex(/^crt_[a-z0-9]{24}$/, { error: "a certificate id: crt_ and 24 letters or digits" })
      .openapi({ example: "crt_0123456789abcdefghijklmn", description: "One of the account's certificates." }),
    level: z
      .enum(["B-B", "B-T"])
      .optional()
      .openapi({
        description:
          "PAdES baseline level. `B-T` adds a time-stamp from the deployment's time-stamp authority and is " +
          "refused where the deployment has none; default `B-B` there.",
      }),
    reason: signText("Why the document is signed"),
    location: signText("Where it is signed"),
    contact_info: signText("How to reach the signer"),
    nonce: z
      .string()
      .min(1)
      .max(SIGN_NONCE_MAX)
      .optional()
      .openapi({
        description:
          `Up to ${SIGN_NONCE_MAX} characters in the cache key only: another nonce signs the same content anew ` +
          "instead of answering the stored signed file.",
      }),
    visible: VisibleSignatureSchema.optional(),
  })
  .openapi("Signature", {
    description:
      "Signs the finished PDF (PAdES baseline), as the last finishing step. Not with `encryption` or `chunk`, " +
      "never a template default; with a UBL e-invoice it signs the PDF inside. Previews never sign.",
  });

export type SignOption = z.infer<typeof SignSchema>;
