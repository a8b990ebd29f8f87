// The names of the header's and footer's links (docs/accessibility.md#in-a-render), read from their rendered HTML in
// one pass: by the URL Chromium writes in the annotation, bounded in count and length.
import { describe, expect, it } from "vitest";
import { MAX_MARGIN_CHARS, MAX_MARGIN_LINKS, marginLinkTexts } from "../../src/render/accessibility/margin-links";

describe("the margins' link names", () => {
  it("aria-label, else text, else images' alt; by the URL as Chromium serializes it; the first name of a URL wins", () => {
    const header =
      '<a href="https://example.com" aria-label="Example &amp; co">example.com</a> ' +
      "<a href='https://example.com/contact'> Contact\n <b>us</b></a> <a href=\"mailto:a@example.com\"><img alt='Mail'></a>";
    const footer = '<a href="https://example.com/">another name</a><a href="/relative">relative</a><a>no href</a>';
    expect(marginLinkTexts(header, footer)).toEqual({
      "https://example.com/": "Example & co",
      "https://example.com/contact": "Contact us",
      "mailto:a@example.com": "Mail",
    });
    expect(marginLinkTexts(undefined, "")).toEqual({});
  });

  it("is bounded: a script's text is no name, names cut at 100 characters, at most 20 links, the first 64 KiB read", () => {
    expect(marginLinkTexts('<a href="https://e.example/"><script>x</script></a>')).toEqual({});
    expect(marginLinkTexts(`<a href="https://e.example/">${"n".repeat(500)}</a>`)["https://e.example/"]).toBe(
      `${"n".repeat(99)}…`,
    );
    const many = Array.from({ length: 30 }, (_, i) => `<a href="https://e.example/${i}">link ${i}</a>`).join("");
    expect(Object.keys(marginLinkTexts(many))).toHaveLength(MAX_MARGIN_LINKS);
    const late = `${" ".repeat(MAX_MARGIN_CHARS)}<a href="https://late.example/">late</a>`;
    expect(marginLinkTexts(late)).toEqual({});
  });
});
