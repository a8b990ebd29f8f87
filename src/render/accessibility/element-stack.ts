// The elements open at a point of one pass over a page's HTML, closed as a browser closes them: an end tag closes
// whatever its element left open inside it, a stray one closes nothing.

import { markIn } from "./source-marks";

export type Position = { line: number; column: number };

const FIRST_LINE: Position = { line: 1, column: 1 };

/**
 * Where an element was written: its own mark, else its nearest marked ancestor's, else line 1. Read only when a
 * finding asks, so the pass reads no attributes of the elements nothing is found at.
 */
export class Place {
  #position: Position | undefined;

  constructor(
    private readonly attributes: string,
    private readonly parent: Place | undefined,
  ) {}

  /** Followed up iteratively, each place on the way remembering it: a chain thousands deep is walked once. */
  position(): Position {
    const chain: Place[] = [];
    let found: Position | undefined;
    for (let at: Place | undefined = this; at && !found; at = at.parent) {
      found = at.#position ?? markIn(at.attributes);
      chain.push(at);
    }
    for (const place of chain) place.#position = found ?? FIRST_LINE;
    return found ?? FIRST_LINE;
  }
}

export interface Open {
  name: string;
  at: Place;
  /** A <table>: whether role makes it a layout table, and whether it holds data and header cells. */
  table?: { layout: boolean; cells: boolean; headers: boolean };
  /** An <a href>: whether text or an image's alt inside it says where it goes. */
  link?: { named: boolean };
}

/** The walk's state: the open elements (innermost last) and a count of each name, so a stray end tag costs nothing. */
export class ElementStack {
  readonly open: Open[] = [];
  private readonly counts = new Map<string, number>();

  /** The <table> elements open, innermost last: a cell finds its table without a walk down the stack. */
  private readonly tables: Open[] = [];

  push(element: Open): void {
    this.open.push(element);
    if (element.table) this.tables.push(element);
    this.counts.set(element.name, (this.counts.get(element.name) ?? 0) + 1);
  }

  /** Closes `name` and whatever it left open inside it (HTML's implied end tags); answers what was closed. */
  close(name: string): Open[] {
    if (!this.counts.get(name)) return [];
    const closed: Open[] = [];
    for (let element = this.open.pop(); element; element = this.open.pop()) {
      closed.push(element);
      if (element.table) this.tables.pop();
      this.counts.set(element.name, (this.counts.get(element.name) ?? 1) - 1);
      if (element.name === name) break;
    }
    return closed;
  }

  /** Closes every element still open, as the document's end does. */
  closeAll(): Open[] {
    this.counts.clear();
    this.tables.length = 0;
    return this.open.splice(0).reverse();
  }

  innermost(): Open | undefined {
    return this.open.at(-1);
  }

  innermostTable(): Open | undefined {
    return this.tables.at(-1);
  }
}
