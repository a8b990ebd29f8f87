// What a page's rendered HTML shows that a `pdfua` render of it fails (docs/accessibility.md#while-you-write), read
// in one pass over the markup, each finding at the source position its element's mark names. The rules are the ones
// the checker reports for Chromium's tagged print of that HTML: each finding names the checkpoint it would fail.
import { decodeEntities } from "../../lib/html-entities";
import { HTML_VOID_ELEMENTS, scanMarkup, tagAttributes } from "../../lib/markup-scan";
import { ElementStack, type Open, Place } from "./element-stack";

export interface AuthoringFinding {
  rule: string;
  message: string;
  line: number;
  column: number;
}

/** Text a browser does not read as markup: a script's `a<b` opens no element. */
const RAW_TEXT = new Set(["script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes"]);
/** Roles that make a <table> a layout table, which Chromium tags as no Table (docs/accessibility.md#mends). */
const LAYOUT_ROLES = new Set(["presentation", "none"]);

/** The elements whose attributes a finding depends on: `lang`, `alt`, `role`, `href`, `aria-label`. */
const READ_ATTRIBUTES = new Set(["html", "img", "table", "a"]);
const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();

/** What the options give instead of the document (`metadata.lang`, `metadata.title`). */
export interface DeclaredInOptions {
  lang: boolean;
  title: boolean;
}

const MESSAGES = {
  lang: 'the document declares no language: give <html lang="en"> (or options.metadata.lang)',
  title: "the document has no title: give it a <title> with text (or options.metadata.title)",
  alt: 'the <img> has no alt: describe the image (alt="..."), or give alt="" to one that only decorates',
  table:
    'the <table> has data cells but no header cell: mark its headings <th scope="col"> (or "row"), or give a ' +
    'table used for layout role="presentation"',
  link:
    "the link (<a href>) holds no text, no image with alt and no aria-label: a reader announces only its " +
    'address. Give it text, or name an icon link with aria-label="..."',
};

/** One pass's state: the elements open, the last heading level, what the document declared. */
class AuthoringWalk {
  readonly findings: AuthoringFinding[] = [];
  readonly stack = new ElementStack();
  /** Links opened and not yet named (some may have ended: naming one then changes nothing). */
  readonly unnamedLinks: Array<{ named: boolean }> = [];
  heading = 0;
  inTitle = false;
  lang: boolean;
  title: boolean;
  documentAt: Place | undefined;
  titleAt: Place | undefined;

  constructor(
    declared: DeclaredInOptions,
    readonly max: number,
  ) {
    this.lang = declared.lang;
    this.title = declared.title;
  }

  add(rule: string, at: Place, message: string): void {
    if (this.findings.length < this.max) this.findings.push({ rule, message, ...at.position() });
  }

  text(text: string): void {
    const shown = text.trim() ? decodeEntities(text).trim() : "";
    if (this.inTitle) this.title ||= shown !== "";
    else if (shown) this.nameLinks();
  }

  /** Text or an image's alt names every link open around it; each link is named once, so this costs no rescans. */
  nameLinks(): void {
    for (const link of this.unnamedLinks.splice(0)) link.named = true;
  }

  ended(element: Open): void {
    const { table, link } = element;
    if (table && !table.layout && table.cells && !table.headers)
      this.add("FOLIO-TABLE-HEADERS", element.at, MESSAGES.table);
    if (link && !link.named) this.add("FOLIO-LINK-TEXT", element.at, MESSAGES.link);
  }

  headingAt(level: number, at: Place): void {
    if (this.heading === 0 && level !== 1)
      this.add("14-002", at, `the first heading is an <h${level}>: a document's first heading is an <h1>`);
    else if (this.heading > 0 && level > this.heading + 1)
      this.add(
        "14-003",
        at,
        `the <h${level}> skips a level after an <h${this.heading}>: make it an <h${this.heading + 1}>`,
      );
    this.heading = level;
  }

  open(name: string, attributes: ReadonlyMap<string, string>, at: Place, selfClosing: boolean): void {
    if (name === "html") {
      this.documentAt ??= at;
      this.lang ||= Boolean(attributes.get("lang")?.trim());
    } else if (name === "head") this.titleAt ??= at;
    else if (name === "title") {
      this.titleAt = at;
      this.inTitle = true;
    }
    const level = /^h([1-6])$/.exec(name)?.[1];
    if (level) this.headingAt(Number(level), at);
    if (name === "img" && !attributes.has("alt")) this.add("13-004", at, MESSAGES.alt);
    else if (name === "img" && attributes.get("alt")?.trim()) this.nameLinks();
    const table = name === "th" || name === "td" ? this.stack.innermostTable()?.table : undefined;
    if (table) table[name === "th" ? "headers" : "cells"] = true;
    if (HTML_VOID_ELEMENTS.has(name) || selfClosing) return;
    const element: Open = { name, at };
    if (name === "table")
      element.table = { layout: LAYOUT_ROLES.has(attributes.get("role") ?? ""), cells: false, headers: false };
    if (name === "a" && attributes.has("href")) {
      // The render names a link by its aria-label as a reader does (docs/accessibility.md#in-a-render).
      element.link = { named: decodeEntities(attributes.get("aria-label") ?? "").trim() !== "" };
      if (!element.link.named) this.unnamedLinks.push(element.link);
    }
    this.stack.push(element);
  }

  /** The document-level findings first: they concern the whole file. */
  /** `cut`: the HTML read stopped short, so what is still open may go on past it and is not judged. */
  finish(cut: boolean): AuthoringFinding[] {
    for (const element of this.stack.closeAll()) if (!cut) this.ended(element);
    const whole: AuthoringFinding[] = [];
    const top = new Place("", undefined);
    if (!this.lang) whole.push({ rule: "11-001", message: MESSAGES.lang, ...(this.documentAt ?? top).position() });
    if (!this.title)
      whole.push({ rule: "06-003", message: MESSAGES.title, ...(this.titleAt ?? this.documentAt ?? top).position() });
    return [...whole, ...this.findings].slice(0, this.max);
  }
}

/**
 * The characters of the rendered HTML read: a page's language, title and first headings come early, and a multi-MB
 * example would otherwise cost the request seconds of CPU (docs/accessibility.md#while-you-write).
 */
export const MAX_READ_CHARS = 1_000_000;

/** Reads the rendered `html` (its first MAX_READ_CHARS) in one pass; at most `max` findings. */
export function authoringFindings(html: string, declared: DeclaredInOptions, max: number): AuthoringFinding[] {
  const walk = new AuthoringWalk(declared, max);
  const cut = html.length > MAX_READ_CHARS;
  for (const event of scanMarkup(cut ? html.slice(0, MAX_READ_CHARS) : html, RAW_TEXT)) {
    if (walk.findings.length >= max) break;
    if (event.kind === "text") {
      walk.text(event.text);
      continue;
    }
    walk.inTitle = false;
    if (event.kind === "close") for (const element of walk.stack.close(event.name)) walk.ended(element);
    if (event.kind !== "open") continue;
    // Attributes are read only of the elements whose attributes decide something.
    const attributes = READ_ATTRIBUTES.has(event.name)
      ? new Map(tagAttributes(event.attributes).map((a) => [a.name.toLowerCase(), a.value] as const))
      : NO_ATTRIBUTES;
    walk.open(event.name, attributes, new Place(event.attributes, walk.stack.innermost()?.at), event.selfClosing);
  }
  return walk.finish(cut);
}
