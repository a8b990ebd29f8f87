// The signature's field in the document (docs/signing.md): a widget on a page, in the AcroForm (/SigFlags 3: the
// file holds signatures and is only appended to), with its appearance. Invisible: /Rect [0 0 0 0]. Either carries
// the Print flag and never Hidden (PDF/A forbids a hidden annotation).

import { PDFArray, type PDFDict, type PDFDocument, PDFName, PDFRef, PDFString } from "@cantoo/pdf-lib";

/** Print (annotation flag bit 3). */
const PRINT_FLAG = 4;
/** SignaturesExist | AppendOnly. */
const SIG_FLAGS = 3;

/** Where the widget sits: a page (0-based) and its rectangle in PDF points, [0 0 0 0] for an invisible one. */
export interface WidgetPlacement {
  pageIndex: number;
  rect: [number, number, number, number];
  appearance: PDFRef;
}

/** The objects a field changes: the dictionary it edited, by the reference the file knows it under. */
type Changed = Set<PDFRef>;

/** `dict[key]` as an array the update may change: an indirect one changes its own object, a direct one its holder. */
function editableArray(doc: PDFDocument, holder: PDFDict, holderRef: PDFRef, key: string, changed: Changed) {
  const value = holder.get(PDFName.of(key));
  if (value instanceof PDFRef) {
    const array = doc.context.lookup(value);
    if (array instanceof PDFArray) {
      changed.add(value);
      return array;
    }
  }
  changed.add(holderRef);
  if (value instanceof PDFArray) return value;
  const array = doc.context.obj([]);
  holder.set(PDFName.of(key), array);
  return array;
}

/** The catalog's AcroForm, with the object that holds it marked changed. */
function acroForm(doc: PDFDocument, changed: Changed): { form: PDFDict; ref: PDFRef } {
  const catalogRef = doc.context.trailerInfo.Root as PDFRef;
  const value = doc.catalog.get(PDFName.of("AcroForm"));
  if (value instanceof PDFRef) return { form: doc.context.lookup(value) as PDFDict, ref: value };
  const form = (value as PDFDict | undefined) ?? doc.context.obj({});
  doc.catalog.set(PDFName.of("AcroForm"), form);
  changed.add(catalogRef);
  return { form, ref: catalogRef };
}

/** Adds the signature's field and widget; answers the widget's reference and every old object it changed. */
export function addSignatureField(doc: PDFDocument, signature: PDFRef, placement: WidgetPlacement) {
  const changed: Changed = new Set();
  const page = doc.getPage(placement.pageIndex);
  const { form, ref: formRef } = acroForm(doc, changed);
  const fields = editableArray(doc, form, formRef, "Fields", changed);
  changed.add(formRef);
  const widget = doc.context.register(
    doc.context.obj({
      Type: "Annot",
      Subtype: "Widget",
      FT: "Sig",
      T: PDFString.of(`Signature${fields.size() + 1}`),
      V: signature,
      F: PRINT_FLAG,
      Rect: placement.rect,
      P: page.ref,
      AP: { N: placement.appearance },
    }),
  );
  fields.push(widget);
  form.set(PDFName.of("SigFlags"), doc.context.obj(SIG_FLAGS));
  editableArray(doc, page.node, page.ref, "Annots", changed).push(widget);
  return { widget, changed: [...changed] };
}
