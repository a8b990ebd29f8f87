import { FolioError } from "@folio/sdk";
import { describe, expect, it } from "vitest";
import { diagnosticsByEditor, problemsOfError, problemsOfWarnings } from "../../web/src/problems/problems";

const EXAMPLE = '{\n  "items": [\n    { "quantity": 3 },\n    { "quantity": 0 }\n  ]\n}\n';
const SOURCE = "<h1>{{ name }}</h1>\n<p>{{ total | date_mediun }}</p>\n";

const refusal = (body: Partial<ConstructorParameters<typeof FolioError>[0]>, status = 422) =>
  new FolioError({ type: "validation_error", message: "Refused.", docs_url: "", ...body }, status);

describe("the service's answers as problems", () => {
  it("puts a field error in its editor, at the value the path names", () => {
    const error = refusal({ errors: [{ path: "data.items[1].quantity", message: "must be at least 1" } as never] });
    const [problem] = problemsOfError(error);
    expect(problem).toMatchObject({ severity: "error", editor: "example", path: "data.items[1].quantity" });
    const span = problem?.diagnostic?.locate(EXAMPLE);
    expect(EXAMPLE.slice(span?.from, span?.to)).toBe('"quantity": 0');
  });

  it("puts a Liquid error in the source at the line and column its message names", () => {
    const error = refusal(
      {
        type: "render_failed",
        message: "undefined filter: date_mediun",
        details: { stage: "template", part: "source", cause: "line:2, col:4" },
      },
      500,
    );
    const [problem] = problemsOfError(error);
    expect(problem).toMatchObject({ editor: "source", path: "source" });
    const span = problem?.diagnostic?.locate(SOURCE);
    expect(SOURCE.slice(span?.from, span?.to)).toBe("{{ total | date_mediun }}");
  });

  it("underlines a stray closing delimiter alone, at the column its warning names", () => {
    const source = "<p>a</p>\n{% if x %}%}Yes{% endif %}\n";
    const [problem] = problemsOfWarnings([
      {
        code: "liquid_stray_delimiter",
        path: "source",
        message: "`source` has a second `%}` right after `{% if x %}` (line 2, column 11): the first one closed it.",
      },
    ]);
    const span = problem?.diagnostic?.locate(source);
    expect(source.slice(span?.from, span?.to)).toBe("%}");
  });

  it("keeps an error of no editor under its type, and a warning at its path", () => {
    expect(problemsOfError(refusal({ type: "rate_limited", message: "Slow down." }, 429))).toEqual([
      { severity: "error", editor: null, path: "rate_limited", message: "Slow down.", diagnostic: null },
    ]);
    const warnings = problemsOfWarnings([
      { code: "clock_read", path: "options.header", message: "prints the date" } as never,
    ]);
    expect(warnings[0]).toMatchObject({ severity: "warning", editor: "options", path: "options.header" });
  });

  it("groups the diagnostics by editor, leaving out problems of no editor", () => {
    const problems = [
      ...problemsOfError(refusal({ errors: [{ path: "schema.type", message: "bad" } as never] })),
      ...problemsOfError(refusal({ type: "conflict" })),
      ...problemsOfWarnings([{ path: "source", message: "w" } as never, { path: "source", message: "v" } as never]),
    ];
    const byEditor = diagnosticsByEditor(problems);
    expect(Object.keys(byEditor).sort()).toEqual(["schema", "source"]);
    expect(byEditor.source?.map((d) => d.message)).toEqual(["w", "v"]);
  });
});
