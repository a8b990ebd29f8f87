// libxml2 reports a schema error with a line number; the receipt wants an XPath. The element is the first one
// that starts on that line (libxml2 reports an element's errors at its start tag).
import type { XmlDocument, XmlElement } from "libxml2-wasm";
import { qualifiedStep } from "./violation.ts";

function step(element: XmlElement): string {
  let position = 1;
  for (let sibling = element.prev; sibling; sibling = sibling.prev)
    if (
      sibling.constructor === element.constructor &&
      (sibling as XmlElement).name === element.name &&
      (sibling as XmlElement).namespaceUri === element.namespaceUri
    )
      position++;
  return `${qualifiedStep(element.namespaceUri, element.name)}[${position}]`;
}

export function elementPath(doc: XmlDocument, line: number): string {
  const elements = doc.find("//*") as XmlElement[];
  const element = elements.find((candidate) => candidate.line >= line) ?? elements.at(-1);
  if (!element) return "/";
  const steps: string[] = [];
  for (let at: XmlElement | null = element; at; at = at.parent) steps.unshift(step(at));
  return `/${steps.join("/")}`;
}
