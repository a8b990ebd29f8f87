// Where a rule violation's location sits in the XML text: the start tag of the element its XPath names. The XML is
// the service's rendered e-invoice (well-formed, data only), scanned once into a tree of elements with their
// expanded names, sibling positions and start tags. Locations are written with the validator's own prefixes
// (LOCATION_NAMESPACES) or as Q{uri}name, whatever prefixes the XML chose. Pure: no DOM.
import { LOCATION_NAMESPACES } from "@folio/e-invoice/violation";

/** A start tag: its 1-based line and its span in the text. */
export interface TagPlace {
  line: number;
  from: number;
  to: number;
}

interface XmlElement extends TagPlace {
  uri: string;
  local: string;
  /** The 1-based position among its parent's children of the same expanded name. */
  index: number;
  children: XmlElement[];
}

const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The end of the tag that opens at `from`: the `>` outside quoted attribute values. */
function tagEnd(xml: string, from: number): number {
  let quote = "";
  for (let i = from + 1; i < xml.length; i++) {
    const c = xml[i];
    if (quote) quote = c === quote ? "" : quote;
    else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return i;
  }
  return xml.length - 1;
}

/** The elements of `xml` under a document node, each with the namespaces in scope at its start tag. */
function elementTree(xml: string): XmlElement {
  const root: XmlElement = { uri: "", local: "", index: 1, children: [], line: 1, from: 0, to: 0 };
  const documentNode = { element: root, scope: new Map<string, string>() };
  const open = [documentNode];
  let line = 1;
  let counted = 0;
  for (let at = xml.indexOf("<"); at !== -1; at = xml.indexOf("<", at + 1)) {
    const next = xml[at + 1];
    // Comments, CDATA, the declaration and processing instructions hold no elements.
    const skip = xml.startsWith("<!--", at)
      ? "-->"
      : xml.startsWith("<![CDATA[", at)
        ? "]]>"
        : next === "?"
          ? "?>"
          : "";
    if (skip) {
      at = Math.max(at, xml.indexOf(skip, at) + skip.length - 1);
      continue;
    }
    const end = tagEnd(xml, at);
    const tag = xml.slice(at + 1, end);
    if (next === "/" && open.length > 1) open.pop();
    if (next === "/" || next === "!") {
      at = end;
      continue;
    }
    for (; counted < at; counted++) if (xml.charCodeAt(counted) === 10) line++;
    const parent = open.at(-1) ?? documentNode;
    const scope = new Map(parent.scope);
    const name = /^[^\s/>]+/.exec(tag)?.[0] ?? "";
    for (const [, key = "", double, single] of tag.slice(name.length).matchAll(ATTRIBUTE))
      if (key === "xmlns" || key.startsWith("xmlns:")) scope.set(key.slice(6), double ?? single ?? "");
    const colon = name.indexOf(":");
    const uri = scope.get(colon === -1 ? "" : name.slice(0, colon)) ?? "";
    const local = name.slice(colon + 1);
    const index = parent.element.children.filter((c) => c.uri === uri && c.local === local).length + 1;
    const element: XmlElement = { uri, local, index, children: [], line, from: at, to: end + 1 };
    parent.element.children.push(element);
    if (!tag.endsWith("/")) open.push({ element, scope });
    at = end;
  }
  return root;
}

/** One element step of a location; `uri` null when it has no prefix (then any namespace matches). */
interface Step {
  uri: string | null;
  local: string;
  index: number;
}

const STEP = /^\/(?:Q\{([^}]*)\}|([\w.-]+):)?([\w.-]+)((?:\[[^\]]*\])*)/;

/** The element steps of a location, up to an attribute, text() or anything else that names no element. */
export function locationSteps(location: string): Step[] {
  const steps: Step[] = [];
  let rest = location.trim();
  for (let m = STEP.exec(rest); m; m = STEP.exec(rest)) {
    const [whole, braced, prefix, local = "", predicates = ""] = m;
    if (local === "text" && rest.startsWith("()", whole.length)) break;
    const uri = braced ?? (prefix ? (LOCATION_NAMESPACES[prefix] ?? `unknown:${prefix}`) : null);
    const position = /\[(\d+)\]/.exec(predicates)?.[1];
    steps.push({ uri, local, index: position ? Number(position) : 1 });
    rest = rest.slice(whole.length);
  }
  return steps;
}

/**
 * A reader of locations in `xml` (scanned once): each answers the start tag of the element it names, or of its
 * nearest ancestor found; the document's start (line 1) when not even the root matches.
 */
export function xmlLocator(xml: string): (location: string) => TagPlace {
  const root = elementTree(xml);
  return (location) => {
    let at = root;
    for (const step of locationSteps(location)) {
      const matching = at.children.filter((c) => c.local === step.local && (step.uri === null || c.uri === step.uri));
      const found = matching[step.index - 1];
      if (!found) break;
      at = found;
    }
    const { line, from, to } = at;
    return { line, from, to };
  };
}
