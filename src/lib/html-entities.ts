// Character references read back into characters: the docs search shows a section's text as a browser would, and
// the docs-examples runner (scripts/docs-example-runner.ts) reads an example's curl from the served page. It imports
// nothing, so Node can load it from a script as it is.

const NAMED: Record<string, string> = { lt: "<", gt: ">", quot: '"', amp: "&", apos: "'", nbsp: " " };

/** The characters some HTML text stands for: `&lt;`, `&#60;` and `&#x3c;` are all `<`; an unknown name stays. */
export function decodeEntities(html: string): string {
  return html.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (whole, decimal, hex, name) => {
    if (name) return NAMED[name.toLowerCase()] ?? whole;
    const code = decimal ? Number(decimal) : Number.parseInt(hex, 16);
    return Number.isSafeInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
