import { describe, expect, it } from "vitest";
import { changedSpan, type EditorId, type EditorTexts, textsOf } from "../../web/src/editors/editor-texts";
import { isDirty, newDraft, previewInput, publishDefinition, renderRequest } from "../../web/src/state/draft";
import { template } from "./template";

const reader = (texts: EditorTexts) => (id: EditorId) => texts[id];
const TEXTS: EditorTexts = {
  source: "<p>{{ n }}</p>",
  schema: "{}",
  example: '{ "n": 2 }',
  options: '{"scale":2}',
  xml: "",
};

describe("a draft", () => {
  it("is dirty when never published, and when its texts or engine differ from the latest version", () => {
    const published = template();
    const draft = newDraft("invoice", published);
    expect(draft.engine).toBe("chromium");
    expect(isDirty(null, reader(TEXTS))).toBe(false);
    expect(isDirty(newDraft("new"), reader(TEXTS))).toBe(true);
    // JSON that means the same, spaced otherwise, is not a change.
    const same = { ...textsOf(published), example: '{"n":1}' };
    expect(isDirty(draft, reader(same))).toBe(false);
    expect(isDirty(draft, reader({ ...same, source: "<p>changed</p>" }))).toBe(true);
    expect(isDirty({ ...draft, engine: "satori" }, reader(same))).toBe(true);
  });

  it("previews once every JSON editor parses and the source is not empty", () => {
    const draft = newDraft("invoice");
    expect(previewInput(draft, reader({ ...TEXTS, schema: "{", options: "" }), "pdf")).toEqual({
      kind: "broken",
      broken: ["schema", "options"],
    });
    expect(previewInput(draft, reader({ ...TEXTS, source: "  \n" }), "pdf")).toEqual({ kind: "empty" });
    // A schema that requires fields and no example data yet: the studio asks for data rather than list errors.
    const requiring = '{ "type": "object", "required": ["n"] }';
    for (const example of ["{}", "null"])
      expect(previewInput(draft, reader({ ...TEXTS, schema: requiring, example }), "pdf")).toEqual({
        kind: "no-example",
      });
    expect(previewInput(draft, reader({ ...TEXTS, schema: requiring }), "pdf").kind).toBe("ready");
    expect(previewInput(draft, reader(TEXTS), "png")).toEqual({
      kind: "ready",
      request: {
        source: "<p>{{ n }}</p>",
        engine: "chromium",
        schema: {},
        options: { scale: 2 },
        data: { n: 2 },
        format: "png",
      },
    });
  });

  it("publishes its texts as values, with the message only when there is one", () => {
    const draft = { ...newDraft("invoice"), engine: "satori" as const };
    expect(publishDefinition(draft, reader(TEXTS), "")).toEqual({
      source: "<p>{{ n }}</p>",
      engine: "satori",
      schema: {},
      options: { scale: 2 },
      example: { n: 2 },
    });
    expect(publishDefinition(draft, reader(TEXTS), "Bigger logo").message).toBe("Bigger logo");
  });

  it("renders the version the editors hold with the example data, naming the format only when not the default", () => {
    expect(renderRequest(newDraft("invoice"), reader(TEXTS), "pdf")).toBeNull();
    // Held v3 while v4 was published elsewhere: the request names the version shown, v3.
    const draft = newDraft("invoice", template({ version: 3, latest_version: 4 }));
    expect(renderRequest(draft, reader(TEXTS), "pdf")).toEqual({ template: "invoice@3", data: { n: 2 } });
    expect(renderRequest(draft, reader({ ...TEXTS, example: "{" }), "jpg")).toEqual({
      template: "invoice@3",
      data: {},
      format: "jpg",
    });
    const card = newDraft("card", template({ engine: "satori", version: 1, latest_version: 1 }));
    expect(renderRequest(card, reader(TEXTS), "png")).toEqual({ template: "card@1", data: { n: 2 } });
    expect(renderRequest(card, reader(TEXTS), "pdf")?.format).toBe("pdf");
  });
});

describe("the span a form edit changes in the JSON", () => {
  it("is the one stretch that differs, so the rest of the text keeps its place", () => {
    expect(changedSpan('{ "n": 1 }', '{ "n": 1 }')).toBeNull();
    expect(changedSpan('{ "name": "Acme" }', '{ "name": "Acme Ltd" }')).toEqual({ from: 15, to: 15, insert: " Ltd" });
    expect(changedSpan("[1, 2, 3]", "[1, 3]")).toEqual({ from: 4, to: 7, insert: "" });
    // Repeated characters at the seam are not counted twice.
    expect(changedSpan("aa", "aaa")).toEqual({ from: 2, to: 2, insert: "a" });
  });
});
