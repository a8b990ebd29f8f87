import { FolioError, type Usage } from "@folio/sdk";
import { describe, expect, it } from "vitest";
import type { Problem } from "../../web/src/problems/problems";
import {
  ago,
  curlLede,
  errorMessage,
  jsonProblems,
  messageParts,
  problemPlace,
  problemSummary,
  publishWording,
  tabCount,
  trialRefusal,
  usageWording,
} from "../../web/src/shared/wording";
import { template } from "./template";

const NOW = Date.parse("2026-11-21T12:00:00.000Z");
const warning = (editor: Problem["editor"], path = "source"): Problem => ({
  severity: "warning",
  editor,
  path,
  message: "w",
  diagnostic: null,
});
const error = (editor: Problem["editor"]): Problem => ({ ...warning(editor), severity: "error" });
const folioError = (status: number, retryAfter: number | null = null) =>
  new FolioError({ type: "rate_limited", message: "Slow down.", docs_url: "" }, status, null, null, retryAfter);

describe("the studio's words", () => {
  it("says how long ago, in minutes and hours, then as a date", () => {
    expect(ago("2026-11-21T11:59:30.000Z", NOW)).toBe("just now");
    expect(ago("2026-11-21T11:50:00.000Z", NOW)).toBe("10 min ago");
    expect(ago("2026-11-21T09:00:00.000Z", NOW)).toBe("3 h ago");
    expect(ago("2026-11-01T12:00:00.000Z", NOW)).toMatch(/2026/);
  });

  it("cuts a message at its code spans", () => {
    expect(messageParts("`data.n` must be at least `1`.").filter((p) => p.text)).toEqual([
      { code: true, text: "data.n" },
      { code: false, text: " must be at least " },
      { code: true, text: "1" },
      { code: false, text: "." },
    ]);
    expect(messageParts("a `` b")).toEqual([{ code: false, text: "a `` b" }]);
  });

  it("says the service's message, or the fallback when no answer came", () => {
    expect(errorMessage(folioError(400), "unreachable")).toBe("Slow down.");
    expect(errorMessage(new TypeError("Failed to fetch"), "unreachable")).toBe("unreachable");
    expect(trialRefusal(folioError(429, 1800))).toBe(
      "Too many trials from this address: try again in 30 min, or use an API key.",
    );
    expect(trialRefusal(folioError(429))).toMatch(/try again later/);
    expect(trialRefusal(folioError(503))).toBe("Slow down.");
    expect(trialRefusal(new TypeError("x"))).toBe("The service could not be reached.");
  });

  it("words the plan: a trial's units left, else the plan's units this month", () => {
    const paid = { plan: "starter", units: { used: 1, included: 100, remaining: 99 }, trial: null } as unknown as Usage;
    expect(usageWording(paid)).toEqual({ chip: "Starter plan", line: "Starter, 1 unit this month" });
    const trial = { ...paid, plan: "free", trial: { renders_total: 50, renders_remaining: 48 } } as unknown as Usage;
    expect(usageWording(trial)).toEqual({
      chip: "Trial · 48 of 50 left",
      line: "Trial, 48 units left (a PDF page or an image each)",
    });
  });

  it("counts problems for the panel and for each tab", () => {
    expect(problemSummary([])).toEqual({ text: "None", state: "clean" });
    expect(problemSummary([warning("source")])).toEqual({ text: "1 warning", state: "warning" });
    const mixed = [error("example"), error("example"), warning("source"), warning("example")];
    expect(problemSummary(mixed)).toEqual({ text: "2 errors, 2 warnings", state: "error" });
    expect(tabCount(mixed, "example")).toEqual({ count: 2, severity: "error" });
    expect(tabCount(mixed, "source")).toEqual({ count: 1, severity: "warning" });
    expect(tabCount(mixed, "options").count).toBe(0);
  });

  it("lists the editors that are not JSON first, and places a problem at its editor and line", () => {
    const found = jsonProblems((id) => ({ source: 0, schema: 2, example: 0, options: 1, xml: 0 })[id]);
    expect(found.map((p) => [p.editor, p.message])).toEqual([
      ["schema", "Schema is not valid JSON (2 errors): the preview waits for it."],
      ["options", "Options is not valid JSON: the preview waits for it."],
    ]);
    expect(problemPlace(warning("example", "data.n"), 12)).toBe("Example data · line 12");
    expect(problemPlace(warning("source"), null)).toBe("Source");
    expect(problemPlace(warning(null, "name"), null)).toBe("name");
  });

  it("words the publish dialog and the curl dialog", () => {
    expect(publishWording("invoice", null)).toMatchObject({ title: "Create invoice", submit: "Create v1" });
    expect(publishWording("invoice", template({ latest_version: 2 }))).toEqual({
      title: "Publish invoice v3",
      lede: "Version 3 becomes what renders of “invoice” use; v2 stays available as invoice@2.",
      submit: "Publish v3",
    });
    expect(curlLede("invoice@2", true)).toMatch(/unsaved edits are not in that version/);
    expect(curlLede("invoice@2", false)).toMatch(/Set FOLIO_API_KEY first/);
  });
});
