import { describe, expect, it } from "vitest";
import { ServiceError } from "../../src/errors";
import { liquidBudget, renderLiquid } from "../../src/render/liquid/liquid";
import { preparePdfFinishing } from "../../src/render/pdf/pdf-finishing";

// README "How a render stays safe": every Liquid part of one render draws on one budget, and attachments are capped.
// Long enough that the template driver reads the deadline while it runs (past its 50,000 steps a slice, whatever the
// machine's speed), short enough to finish well inside the 2 s budget on a busy machine (50,000 rounds, and then
// 20,000, took over 2 s in full suites on a 2-core machine under load; 5,000 write 18,893 characters).
const LOOP = "{% for i in (1..5000) %}{{ i | plus: 1 | minus: 1 }}{% endfor %}";
const input = (budget = liquidBudget()) => ({ data: {}, instant: new Date(0), budget });

describe("one render's Liquid budget", () => {
  it("is what its parts share: a part started after the render's time is spent stops, where the same part alone renders", async () => {
    expect((await renderLiquid(LOOP, input(), "options.attachments[0].content")).length).toBe(18_893);
    const spent = liquidBudget();
    spent.deadline = Date.now() - 1;
    const stopped = await renderLiquid(LOOP, input(spent), "options.attachments[1].content").then(
      () => null,
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(ServiceError);
    expect((stopped as ServiceError).extra.details).toMatchObject({
      stage: "template",
      part: "options.attachments[1].content",
      limit: "render_limit",
    });
  });

  it("lets the parts of one render go on counting in the same memory and time counters", async () => {
    const budget = liquidBudget();
    await renderLiquid("{{ a }}", input(budget), "source");
    const first = budget.limits;
    await renderLiquid("{{ b }}", input(budget), "options.footer_html");
    expect(first).toBeDefined();
    expect(budget.limits).toBe(first);
  });
});

describe("attachments", () => {
  it("come to at most 10 MiB rendered, or the render fails at stage template before any browser work", async () => {
    const twoMiB = "x".repeat(2 * 1024 * 1024);
    const attachments = Array.from({ length: 6 }, (_, i) => ({
      filename: `${i}.txt`,
      content: "{{ big }}",
      mime_type: "text/plain",
    }));
    const refused = await preparePdfFinishing({ attachments } as never, async () => twoMiB).then(
      () => null,
      (error: unknown) => error,
    );
    expect((refused as ServiceError).extra.details).toMatchObject({
      stage: "template",
      reason: "attachments_too_large",
      max_attachment_bytes: 10 * 1024 * 1024,
    });
    expect(
      await preparePdfFinishing({ attachments: attachments.slice(0, 5) } as never, async () => twoMiB),
    ).not.toBeNull();
  });
});
