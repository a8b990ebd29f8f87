// The slice of the browser's DOM that this package's functions run in the page touch. Puppeteer serializes those
// functions and Chromium runs them, so these are types only: the programs that type-check this package (the Worker's,
// the render backend's) have no lib "dom", whose Request, Response and fetch would clash with the Workers types.
// Each file that runs a function in the page declares `document` as an InPageDocument.

export interface InPageElement {
  id: string;
  readonly localName: string;
  className: string;
  /** An element's text is never null (only a document's or a doctype's is). */
  textContent: string;
  /** The text as laid out: what is not drawn left out, boxes apart on lines of their own. */
  readonly innerText: string;
  readonly dataset: Record<string, string | undefined>;
  querySelector(selectors: string): InPageElement | null;
  querySelectorAll<E extends InPageElement = InPageElement>(selectors: string): ArrayLike<E>;
  appendChild<E extends InPageElement>(child: E): E;
  replaceChildren(...children: InPageElement[]): void;
  contains(other: InPageElement): boolean;
  getClientRects(): ArrayLike<{ readonly width: number; readonly height: number }>;
  getAttribute(name: string): string | null;
  closest(selectors: string): InPageElement | null;
  checkVisibility(options: { visibilityProperty: boolean }): boolean;
}

export interface InPageAnchor extends InPageElement {
  href: string;
  readonly hash: string;
}

/** What createElement makes, by the tags this package creates. */
interface CreatedElements {
  a: InPageAnchor;
  li: InPageElement;
  ol: InPageElement;
  span: InPageElement;
  style: InPageElement;
}

/**
 * A style sheet or one of its rules, as CSSOM gives them: an @import rule holds a sheet, a sheet and a grouping rule
 * (@media, @supports, @layer) hold rules, and an @page rule holds declarations.
 */
export interface CssomItem {
  readonly styleSheet?: CssomItem | null;
  /** A rule's text; a sheet has none. */
  readonly cssText?: string;
  readonly style?: { getPropertyValue(property: string): string };
  /** Reading them throws for a sheet of another origin. */
  readonly cssRules?: ArrayLike<CssomItem>;
}

export interface InPageDocument {
  title: string;
  readonly documentElement: { readonly scrollWidth: number; readonly scrollHeight: number; lang: string };
  readonly body: { readonly scrollWidth: number; readonly scrollHeight: number } | null;
  readonly head: InPageElement;
  readonly fonts: { readonly ready: Promise<unknown> };
  readonly images: ArrayLike<{ readonly src: string }>;
  readonly styleSheets: ArrayLike<CssomItem>;
  createElement<K extends keyof CreatedElements>(tag: K): CreatedElements[K];
  getElementById(id: string): InPageElement | null;
  querySelector(selectors: string): InPageElement | null;
  querySelectorAll<E extends InPageElement = InPageElement>(selectors: string): ArrayLike<E>;
  open(): void;
  close(): void;
}
