// The finishing a printed PDF gets (docs/rendering.md, README "Document finishing"): PDF/A, attached files, the
// Factur-X invoice and encryption, applied to a loaded document in place. One implementation for both places that
// finish: the Worker after a print, and the render backend after it joined a chunked render's pieces.
import { AFRelationship, embedFacturX, type PDFDocument } from "@cantoo/pdf-lib";
import { writeFileNamesSafely } from "./pdf-file-names.ts";

export interface EmbeddedFile {
  filename: string;
  bytes: Uint8Array;
  mimeType: string;
  description?: string | undefined;
}

export interface Encryption {
  owner_password: string;
  user_password?: string | undefined;
  permissions?:
    | {
        print?: boolean | undefined;
        copy?: boolean | undefined;
        modify?: boolean | undefined;
        annotate?: boolean | undefined;
      }
    | undefined;
}

/** Everything finishing needs, with every Liquid part already rendered. */
export interface PdfFinish {
  pdfa?: "2b" | "3b" | undefined;
  attachments: EmbeddedFile[];
  /**
   * The Factur-X XML, its conformance level as the XMP names it ("EN 16931", "XRECHNUNG", ...) and the name it is
   * embedded under (factur-x.xml; xrechnung.xml for XRechnung).
   */
  facturX?:
    | { xml: string; level: "MINIMUM" | "BASIC WL" | "BASIC" | "EN 16931" | "EXTENDED" | "XRECHNUNG"; fileName: string }
    | undefined;
  encryption?: Encryption | undefined;
}

/** Applies `finish` to `doc` in place; saving it is the caller's. */
export async function applyFinishing(doc: PDFDocument, finish: PdfFinish): Promise<void> {
  // Factur-X makes the document PDF/A-3b itself, with its XMP extension schema.
  const conformance = finish.facturX ? "3B" : finish.pdfa === "3b" ? "3B" : finish.pdfa === "2b" ? "2B" : null;
  if (conformance && !finish.facturX) doc.convertToPDFA({ conformance });
  for (const file of finish.attachments) {
    await doc.attach(file.bytes, file.filename, {
      mimeType: file.mimeType,
      ...(file.description === undefined ? {} : { description: file.description }),
      // PDF/A-3 names how each file relates to the document; these are data the document was made from or with.
      ...(conformance === "3B" ? { afRelationship: AFRelationship.Data } : {}),
    });
  }
  await writeFileNamesSafely(
    doc,
    finish.attachments.map((file) => file.filename),
  );
  if (finish.facturX)
    await embedFacturX(doc, new TextEncoder().encode(finish.facturX.xml), {
      conformanceLevel: finish.facturX.level,
      fileName: finish.facturX.fileName,
    });
  if (finish.encryption) {
    const { owner_password, user_password, permissions = {} } = finish.encryption;
    doc.encrypt({
      ownerPassword: owner_password,
      ...(user_password === undefined ? {} : { userPassword: user_password }),
      permissions: {
        printing: permissions.print === false ? false : "highResolution",
        copying: permissions.copy ?? true,
        modifying: permissions.modify ?? true,
        documentAssembly: permissions.modify ?? true,
        annotating: permissions.annotate ?? true,
        fillingForms: permissions.annotate ?? true,
        // Screen readers may always read the text: `encryption.permissions` restrict people, not assistive technology.
        contentAccessibility: true,
      },
    });
  }
}

function base64(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** `finish` as JSON can carry it (the attached files' bytes in base64). */
export function finishToWire(finish: PdfFinish): unknown {
  return { ...finish, attachments: finish.attachments.map((file) => ({ ...file, bytes: base64(file.bytes) })) };
}

/** A finish read back from finishToWire's form. */
export function finishFromWire(wire: unknown): PdfFinish {
  const finish = wire as Omit<PdfFinish, "attachments"> & {
    attachments: Array<Omit<EmbeddedFile, "bytes"> & { bytes: string }>;
  };
  return {
    ...finish,
    attachments: finish.attachments.map((file) => ({
      ...file,
      bytes: Uint8Array.from(atob(file.bytes), (c) => c.charCodeAt(0)),
    })),
  };
}
