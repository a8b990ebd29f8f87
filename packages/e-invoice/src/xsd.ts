// XSD validation with libxml2 compiled to WebAssembly: no JVM, no native build. The XSDs import each other by
// relative schemaLocation; libxml2 asks its input callbacks for each resolved URL, and the only callback it has
// serves the shipped files from memory under one fixed base URL. Anything else (http, other files) is not found:
// the WebAssembly module has no network and no file system of its own.
import {
  ParseOption,
  XmlBufferInputProvider,
  XmlDocument,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from "libxml2-wasm";
import { readArtefact, schemaFilesIn } from "./artefacts.ts";
import { elementPath } from "./element-path.ts";
import { SCHEMA_FILES, type SchemaId } from "./rule-files.ts";
import type { Violation } from "./violation.ts";

const BASE = "file:///folio-e-invoice/";
const served = new XmlBufferInputProvider({});
xmlRegisterInputProvider(served);

const validators = new Map<SchemaId, XsdValidator>();

/** The schema's validator, parsed on first use and kept. */
export function validatorFor(id: SchemaId): XsdValidator {
  const known = validators.get(id);
  if (known) return known;
  const schema = SCHEMA_FILES[id];
  for (const path of schema.folders.flatMap(schemaFilesIn)) served.addBuffer(BASE + path, readArtefact(path));
  const root = XmlDocument.fromBuffer(readArtefact(schema.root), { url: BASE + schema.root });
  try {
    const validator = XsdValidator.fromDoc(root);
    validators.set(id, validator);
    return validator;
  } finally {
    root.dispose();
  }
}

/** Parses the invoice with network access, entity substitution and XInclude all off. */
export function parseInvoice(xml: string): XmlDocument {
  return XmlDocument.fromString(xml, { option: ParseOption.XML_PARSE_NONET });
}

/** The document's departures from the schema, each at the element libxml2 reported it on. */
export function schemaViolations(doc: XmlDocument, id: SchemaId): Violation[] {
  try {
    validatorFor(id).validate(doc);
    return [];
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    return error.details.map((detail) => ({
      rule: "XSD",
      severity: "fatal",
      message: detail.message.trim(),
      location: elementPath(doc, detail.line),
    }));
  }
}
