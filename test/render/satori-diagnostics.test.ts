import { describe, expect, it } from "vitest";
import { undisplayedElementFindings } from "../../src/render/satori/satori-diagnostics";

/** The elements found wanting an explicit display, as `<tag>@line`. */
function found(source: string): string[] {
  return undisplayedElementFindings(source).map((message) => {
    const [, tag, line] = /^The <(\w+)[^>]*> on line (\d+) /.exec(message) ?? [];
    return `<${tag}>@${line}`;
  });
}

describe("satori elements without an explicit display, judged as written", () => {
  it("passes a card with a display on every element, an <svg>'s drawing and a display the data decides", () => {
    expect(found("<div style='display:flex'>Hi {{ name }}, {% if vip %}welcome back{% endif %}</div>")).toEqual([]);
    expect(
      found("<div style='display:{{ mode }}'><b style='display:flex'>a</b><i style='display:flex'>b</i></div>"),
    ).toEqual([]);
    const card = [
      "<div style='display: flex'>",
      "  {% for item in items %}",
      "    <p style='display:flex'>{{ item }}</p>",
      "  {% endfor %}",
      "  <img style='display:flex' src='{{ logo }}' width='10' height='10'>",
      "  <svg style='display:flex' width='20' height='20'><g><rect width='5' height='5'/><circle r='3'/></g></svg>",
      "</div>",
    ].join("\n");
    expect(found(card)).toEqual([]);
  });

  it("finds a <span>, a <p> and an <img> without one, each at its line, whatever they hold", () => {
    const card = [
      "<div style='display:flex;flex-direction:column'>",
      "  <span>{{ title }}</span>",
      "  <p style='font-size:20px'>by <b style='display:flex'>Ada</b></p>",
      "  <img src='{{ logo }}' width='10' height='10'>",
      "</div>",
    ].join("\n");
    expect(found(card)).toEqual(["<span>@2", "<p>@3", "<img>@4"]);
    expect(undisplayedElementFindings(card)[0]).toMatch(
      /^The <span> on line 2 has no explicit `display`: .* Add `display: flex`/,
    );
  });

  it("finds a <div> Satori refuses, holding elements, several texts or nothing, whatever the tags around it", () => {
    const source = [
      "<div style='display:flex;flex-direction:column'>",
      "  {% for item in items %}",
      "  <div style='display:block'>{{ item.name }} <b style='display:flex'>{{ item.price }}</b></div>",
      "  {% endfor %}",
      "  {% if logo %}<div style='width:10px'></div>{% endif %}",
      "  <div>text<!-- a comment --></div>",
      "</div>",
    ].join("\n");
    expect(found(source)).toEqual(["<div>@3", "<div>@5", "<div>@6"]);
    expect(undisplayedElementFindings(source)[0]).toMatch(/which Satori requires of a <div> .*; Satori refuses it/);
  });

  it("names an element by its class or id", () => {
    expect(undisplayedElementFindings("<div id='total'><b>1</b><b>2</b></div>")[0]).toMatch(
      /^The <div id="total"> on line 1 has no explicit `display`/,
    );
    expect(undisplayedElementFindings("<div style='display:flex'><span class='tag'>x</span></div>")).toEqual([
      expect.stringMatching(/^The <span class="tag"> on line 1 has no explicit `display`/),
    ]);
  });
});
