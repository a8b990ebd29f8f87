// Alterations made after the build, one named way each (test/pdfua/checker.test.ts says what each breaks): the
// structure, the annotations and the document's other objects.
import { PDFName, PDFNumber, PDFString } from "@cantoo/pdf-lib";
import { annotation, appendContent, type Built } from "./tagged-pdf-parts.ts";
import { structElement } from "./tagged-pdf-structure.ts";

const element = (built: Built, type: string, extra: Record<string, unknown> = {}) =>
  structElement(built.doc, built.page.ref, type, built.structure.document, extra);

/** A form XObject drawn inside the page's content, registered as /Fm1. */
function form(built: Built, content: string, extra: Record<string, unknown> = {}) {
  const { doc, page } = built;
  const ref = doc.context.register(
    doc.context.stream(content, { Type: "XObject", Subtype: "Form", BBox: [0, 0, 10, 10], ...extra }),
  );
  page.node.setXObject(PDFName.of("Fm1"), ref);
  return ref;
}

/** `count` forms, each drawing the next `times` times, the last a square: drawn whole, times^count squares. */
function formChain(built: Built, count: number, times: number) {
  const { context } = built.doc;
  let next = context.register(context.stream("0 0 1 1 re f", { Type: "XObject", Subtype: "Form", BBox: [0, 0, 1, 1] }));
  for (let i = 1; i < count; i++) {
    const draws = Array.from({ length: times }, () => "/N Do").join(" ");
    const resources = { XObject: { N: next } };
    next = context.register(
      context.stream(draws, { Type: "XObject", Subtype: "Form", BBox: [0, 0, 1, 1], Resources: resources }),
    );
  }
  built.page.node.setXObject(PDFName.of("Fm1"), next);
  appendContent(built, "/Artifact BMC /Fm1 Do EMC");
}

export const MUTATIONS = {
  "toc-item-outside-toc": (built: Built) => element(built, "TOCI"),
  "ruby-holding-a-paragraph": (built: Built) => element(built, "Ruby").kids.push(element(built, "P").ref),
  "warichu-text-outside-warichu": (built: Built) => element(built, "WT"),
  "formula-without-alt": (built: Built) => element(built, "Formula"),
  "note-without-id": (built: Built) => element(built, "Note"),
  "notes-sharing-an-id": (built: Built) => {
    element(built, "Note", { ID: PDFString.of("n1") });
    element(built, "Note", { ID: PDFString.of("n1") });
  },
  "two-h-in-one-element": (built: Built) => {
    element(built, "H");
    element(built, "H");
  },
  "text-annotation-outside-structure": (built: Built) => annotation(built, "Text"),
  "annotation-of-undefined-subtype": (built: Built) => annotation(built, "Sticker", "Annot"),
  "trapnet-annotation": (built: Built) => annotation(built, "TrapNet", "Annot"),
  "widget-outside-form": (built: Built) => annotation(built, "Widget", "Annot"),
  "printer-mark-in-structure": (built: Built) => annotation(built, "PrinterMark", "Annot"),
  "reference-xobject": (built: Built) => {
    form(built, "0 0 10 10 re f", { Ref: { F: PDFString.of("other.pdf"), Page: 0 } });
    appendContent(built, "/Artifact BMC /Fm1 Do EMC");
  },
  "marked-form-drawn-twice": (built: Built) => {
    const ref = form(built, "/P <</MCID 0>> BDC 0 0 10 10 re f EMC");
    const { doc, page, structure } = built;
    structure.paragraph.kids.push(doc.context.obj({ Type: "MCR", Stm: ref, MCID: 0, Pg: page.ref }));
    appendContent(built, "q /Fm1 Do Q q 1 0 0 1 20 0 cm /Fm1 Do Q");
  },
  "form-drawing-itself": (built: Built) => {
    const { context } = built.doc;
    const ref = context.nextRef();
    context.assign(
      ref,
      context.stream("/Me Do", {
        Type: "XObject",
        Subtype: "Form",
        BBox: [0, 0, 1, 1],
        Resources: { XObject: { Me: ref } },
      }),
    );
    built.page.node.setXObject(PDFName.of("Fm1"), ref);
    appendContent(built, "/Artifact BMC /Fm1 Do EMC");
  },
  "forms-nested-past-the-depth": (built: Built) => formChain(built, 14, 1),
  // 30 forms each drawing the next four times: 4^29 drawings, were they all followed.
  "forms-multiplying": (built: Built) => formChain(built, 30, 4),
  "untagged-second-page": ({ doc }: Built) => {
    const page = doc.addPage([595, 842]);
    page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.stream("0 0 10 10 re f")));
  },
  "optional-content-default-unnamed": ({ doc }: Built) =>
    doc.catalog.set(PDFName.of("OCProperties"), doc.context.obj({ OCGs: [], D: {} })),
  "optional-content-config-unnamed": ({ doc }: Built) =>
    doc.catalog.set(
      PDFName.of("OCProperties"),
      doc.context.obj({ OCGs: [], D: { Name: PDFString.of("Default") }, Configs: [{}] }),
    ),
  "optional-content-with-as": ({ doc }: Built) =>
    doc.catalog.set(
      PDFName.of("OCProperties"),
      doc.context.obj({ OCGs: [], D: { Name: PDFString.of("Default"), AS: [] } }),
    ),
  "embedded-file-without-uf": ({ doc }: Built) => {
    const file = doc.context.register(doc.context.stream("<Invoice/>", { Type: "EmbeddedFile" }));
    const spec = doc.context.obj({ Type: "Filespec", F: PDFString.of("invoice.xml"), EF: { F: file } });
    doc.catalog.set(
      PDFName.of("Names"),
      doc.context.obj({ EmbeddedFiles: { Names: [PDFString.of("invoice.xml"), spec] } }),
    );
  },
  "dynamic-xfa": ({ doc }: Built) => {
    const config = doc.context.register(
      doc.context.stream("<config><present><pdf><dynamicRender>required</dynamicRender></pdf></present></config>"),
    );
    doc.catalog.set(PDFName.of("AcroForm"), doc.context.obj({ Fields: [], XFA: [PDFString.of("config"), config] }));
  },
  "encrypted-without-p": ({ doc }: Built) => {
    doc.context.trailerInfo.Encrypt = doc.context.obj({ Filter: "Standard", V: 1, R: 2 });
  },
  "encrypted-without-accessibility": ({ doc }: Built) => {
    doc.context.trailerInfo.Encrypt = doc.context.obj({ Filter: "Standard", V: 1, R: 2, P: PDFNumber.of(-1 - 512) });
  },
  outline: ({ doc }: Built) => {
    const outlines = doc.context.nextRef();
    const item = doc.context.register(doc.context.obj({ Title: PDFString.of("Invoice"), Parent: outlines }));
    doc.context.assign(outlines, doc.context.obj({ Type: "Outlines", First: item, Last: item, Count: 1 }));
    doc.catalog.set(PDFName.of("Outlines"), outlines);
  },
};
