import { FolioError } from "@folio/sdk";
import { describe, expect, it } from "vitest";
import { brokenJson, previewDone, previewFailed } from "../../web/src/preview/preview-wording";
import type { Problem } from "../../web/src/problems/problems";

const warning = { code: "clock_read", path: "source", message: "prints the date" } as never;
const failure = (type: string, message = "Refused.") =>
  new FolioError({ type: type as never, message, docs_url: "" }, 422);
const at = (editor: Problem["editor"], message: string): Problem => ({
  severity: "error",
  editor,
  path: "data.n",
  message,
  diagnostic: null,
});

describe("the preview's words", () => {
  it("says the pages (or image format), the time and the warnings of a preview drawn", () => {
    expect(previewDone({ pageCount: 1, truncated: false, warnings: [] }, "pdf", 412)).toEqual({
      state: "ok",
      text: "1 page · 412 ms",
    });
    expect(previewDone({ pageCount: 40, truncated: true, warnings: [warning, warning] }, "pdf", 9)).toEqual({
      state: "warn",
      text: "40 pages (first shown) · 9 ms · 2 warnings",
    });
    expect(previewDone({ pageCount: 1, truncated: false, warnings: [warning] }, "png", 80).text).toBe(
      "PNG · 80 ms · 1 warning",
    );
  });

  it("counts an e-invoice's fatal rule violations as errors, not warnings", () => {
    const rule = (severity: string) =>
      ({
        code: "e_invoice_rule",
        path: "options.e_invoice.xml",
        message: `BR-S-05 (${severity}, at /a): No.`,
      }) as never;
    expect(previewDone({ pageCount: 1, truncated: false, warnings: [rule("fatal"), rule("fatal")] }, "xml", 7)).toEqual(
      {
        state: "error",
        text: "XML · 7 ms · 2 fatal rule violations",
      },
    );
    const mixed = [rule("fatal"), rule("warning"), warning];
    expect(previewDone({ pageCount: 1, truncated: false, warnings: mixed }, "pdf", 7).text).toBe(
      "1 page · 7 ms · 1 fatal rule violation · 2 warnings",
    );
  });

  it("names the editors whose JSON the preview waits for", () => {
    expect(brokenJson(["example"])).toEqual({
      status: "Fix the JSON in Example data",
      stale: "Out of date: Example data is not valid JSON yet.",
    });
    expect(brokenJson(["schema", "options"]).stale).toBe("Out of date: Schema, Options are not valid JSON yet.");
  });

  it("heads a refusal by its type and points the banner at the first problem's line", () => {
    const problems = [at("example", "`n` must be at least 1"), at("example", "second")];
    expect(previewFailed(failure("validation_error"), problems, 7)).toEqual({
      status: "The example data does not match the schema",
      stale: "Out of date: 2 problems in Example data, line 7. `n` must be at least 1",
    });
    expect(previewFailed(failure("conflict", "Odd."), [at(null, "Odd.")], null)).toEqual({
      status: "Odd.",
      stale: "Out of date: 1 problem. Odd.",
    });
  });
});
