import { z } from "../../lib/openapi-zod";
import { EInvoiceSchema } from "./e-invoice-option";
import { SignSchema } from "./sign-option";

// Document finishing (/docs#finishing, src/docs/finishing-guide.ts): PDF-only options that Chromium does itself
// (tagged, outline, toc), that change the document before it prints (watermark), or that post-process the printed PDF
// (the rest).

const MAX_ATTACHMENTS = 10;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// A file name a reader can save as is and shows as it is: no folders, no C0 or C1 controls, and no bidi controls
// (U+202E would show "invoice\u202efdp.exe" as "invoiceexe.pdf").
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what this pattern refuses.
const FILE_NAME = /^[^/\\\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]{1,255}$/;
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

const WatermarkSchema = z
  .strictObject({
    text: z.string().min(1).max(200).openapi({ example: "CONFIDENTIAL" }),
    opacity: z.number().min(0.05).max(1).optional().openapi({ description: "0.05 to 1; default 0.15." }),
    angle: z.number().min(-90).max(90).optional().openapi({ description: "Degrees, -90 to 90; default -45." }),
  })
  .openapi("Watermark", {
    description: "Text across every page, drawn under the content: the document's text stays on top and selectable.",
  });

const AttachmentSchema = z
  .strictObject({
    filename: z
      .string()
      .regex(FILE_NAME, {
        error:
          "a file name of 1 to 255 characters without / or \\, control characters or bidi controls " +
          "(U+202A-U+202E, U+2066-U+2069)",
      })
      .openapi({ example: "terms.txt" }),
    content: z.string().openapi({
      description:
        "The file's content: Liquid rendered with the render's data when `encoding` is utf8, the bytes in " +
        "base64 otherwise.",
    }),
    encoding: z.enum(["utf8", "base64"]).optional().openapi({ description: "Default utf8." }),
    mime_type: z
      .string()
      .regex(MIME_TYPE, { error: "a MIME type such as text/plain" })
      .openapi({ example: "text/plain" }),
    description: z.string().max(1000).optional(),
  })
  .superRefine((attachment, context) => {
    if (attachment.encoding === "base64" && !BASE64.test(attachment.content)) {
      context.addIssue({
        code: "custom",
        path: ["content"],
        message: "`content` must be base64 (A-Z, a-z, 0-9, + and /, padded with =) when `encoding` is base64.",
      });
    }
  })
  .openapi("Attachment");

const Password = z.string().min(1).max(127);
const EncryptionSchema = z
  .strictObject({
    owner_password: Password.openapi({
      description: "Opens the document with every permission. Never stored, logged or returned.",
    }),
    user_password: Password.optional().openapi({
      description: "Needed to open the document at all; without one, anyone opens it with `permissions`.",
    }),
    permissions: z
      .strictObject({
        print: z.boolean().optional(),
        copy: z.boolean().optional(),
        modify: z.boolean().optional(),
        annotate: z.boolean().optional(),
      })
      .optional()
      .openapi({ description: "What a reader without the owner password may do; each defaults to true." }),
  })
  .superRefine((encryption, context) => {
    if (encryption.user_password !== undefined && encryption.user_password === encryption.owner_password) {
      context.addIssue({
        code: "custom",
        path: ["user_password"],
        message:
          "`user_password` must differ from `owner_password`: a reader who opens with it would hold every permission.",
      });
    }
  })
  .openapi("Encryption");

/** The document finishing fields of RenderOptions, spread into its object. */
export const finishingOptionFields = {
  tagged: z.boolean().optional().openapi({
    description: "A tagged PDF (structure tree, `/Lang` from `<html lang>`) for accessibility; default false.",
  }),
  outline: z
    .boolean()
    .optional()
    .openapi({ description: "Bookmarks from the h1 to h6 headings; implies `tagged`. Default false." }),
  toc: z
    .boolean()
    .optional()
    .openapi({
      description:
        "Fills the element with the `data-toc` attribute with a nested list of the h1 to h3 headings, each a " +
        "link with the page it lands on. Default false.",
    }),
  watermark: WatermarkSchema.optional(),
  pdfa: z
    .enum(["2b", "3b"])
    .optional()
    .openapi({
      description:
        "PDF/A-2b or PDF/A-3b: XMP identification, an sRGB output intent, fonts embedded, the document id from " +
        "the cache key. Not with `encryption`.",
    }),
  attachments: z
    .array(AttachmentSchema)
    .max(MAX_ATTACHMENTS)
    .optional()
    .openapi({
      description:
        `Up to ${MAX_ATTACHMENTS} embedded files; with \`pdfa: "3b"\` they are associated files with ` +
        `AFRelationship Data. Not with \`pdfa: "2b"\`.`,
    }),
  pdfua: z
    .enum(["1"])
    .optional()
    .openapi({
      description:
        "PDF/UA-1 (ISO 14289-1), checked against the machine-checkable Matterhorn conditions before the render " +
        "is stored (/docs#finishing); implies `tagged`. The document must give a language (`<html lang>` or " +
        "`metadata.lang`) and a title. Not with `chunk`, nor with `encryption` that forbids copying.",
    }),
  e_invoice: EInvoiceSchema.optional().openapi({
    description:
      "Factur-X: embeds the rendered CII XML as `factur-x.xml` (`xrechnung.xml` for the xrechnung profile, " +
      'AFRelationship Alternative) with the Factur-X XMP extension schema; implies `pdfa: "3b"`. UBL: the file is ' +
      'the rendered UBL XML with the PDF inside (`format: "xml"`). Checked with the official rules either way.',
  }),
  encryption: EncryptionSchema.optional().openapi({
    description:
      "AES-256. The passwords are never stored, logged or returned; the only option whose bytes differ from " +
      "run to run. Not with `pdfa` or `e_invoice` (nor in an XML file), and never a template default.",
  }),
  sign: SignSchema.optional(),
};
