import { describe, expect, it } from "vitest";
import { undisplayedDivFindings } from "../../src/render/satori-diagnostics";

/** The lines of the <div>s found wanting an explicit display. */
function linesOf(source: string): number[] {
  return undisplayedDivFindings(source).map((message) => Number(/ on line (\d+) /.exec(message)?.[1]));
}

describe("satori <div>s without an explicit display, judged as written", () => {
  it("passes a <div> holding one text, Liquid outputs and tags included, and a display the data decides", () => {
    expect(linesOf("<div>Hi {{ name }}, {% if vip %}welcome back{% endif %}</div>")).toEqual([]);
    expect(linesOf("<div style='display:{{ mode }}'><b>a</b><i>b</i></div>")).toEqual([]);
    expect(
      linesOf(
        "<div style='display: flex'>\n  {% for item in items %}\n    <div style='display:flex'>{{ item }}</div>\n  {% endfor %}\n</div>",
      ),
    ).toEqual([]);
  });

  it("finds one that holds elements, several texts or nothing, at its line, whatever the tags around it", () => {
    const source = [
      "<div style='display:flex;flex-direction:column'>",
      "  {% for item in items %}",
      "  <div>{{ item.name }} <b>{{ item.price }}</b></div>",
      "  {% endfor %}",
      "  {% if logo %}<div style='width:10px'></div>{% endif %}",
      "  <div>text<!-- a comment --></div>",
      "</div>",
    ].join("\n");
    expect(linesOf(source)).toEqual([3, 5, 6]);
  });

  it("names the <div> by its class or id", () => {
    expect(undisplayedDivFindings("<div id='total'><b>1</b><b>2</b></div>")).toEqual([
      expect.stringMatching(/^The <div id="total"> on line 1 has no explicit `display`/),
    ]);
  });
});
