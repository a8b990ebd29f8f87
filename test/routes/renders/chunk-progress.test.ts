import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import { getAccount } from "../../../src/domain/accounts/get-account";
import { renewAttempt } from "../../../src/domain/renders/render-lease";
import worker from "../../../src/index";
import { buildServices } from "../../../src/services";
import { call, newAccount } from "../../helpers";

// A chunked render reports progress between its chunks (docs/rendering.md#long-documents): its attempt begins again,
// so the cron sweep, which closes a render still queued 15 minutes after its last attempt began, leaves it printing.
const MINUTE = 60_000;
const at = (ms: number) => ({ now: () => new Date(ms), iso: () => new Date(ms).toISOString() });

async function sweep(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("a long render's progress", () => {
  it("keeps the sweep off a render whose attempt began 16 minutes ago, and renews its meter hold", async () => {
    const { api_key: key, account } = await newAccount();
    await call("POST", "/v1/templates", { key, body: { name: "page", source: "<p>{{ who }}</p>", expected_pages: 5 } });
    const renders = await Promise.all(
      ["printing", "silent"].map((who) =>
        call("POST", "/v1/render", { key, body: { template: "page", data: { who }, async: true } }),
      ),
    );
    const [printing, silent] = renders.map((r) => r.json.id as string);
    const began = Date.now() - 16 * MINUTE;
    await env.DB.prepare("UPDATE renders SET created_at = ?1, attempt_started_at = ?1 WHERE id IN (?2, ?3)")
      .bind(new Date(began).toISOString(), printing, silent)
      .run();

    const services = buildServices(env);
    const meter = services.meter(account.id);
    const row = await getAccount(database(env.DB), account.id);
    let clock = at(began);
    const progress = renewAttempt(printing as string, meter, row, {
      ...services,
      clock: { now: () => clock.now(), iso: () => clock.iso() },
    });
    // Within a minute of the last renewal nothing is written: a chunk every few seconds costs no round trip.
    clock = at(began + 30_000);
    await progress();
    const unchanged = await env.DB.prepare("SELECT attempt_started_at FROM renders WHERE id = ?1")
      .bind(printing)
      .first();
    expect(unchanged?.attempt_started_at).toBe(new Date(began).toISOString());
    clock = at(Date.now());
    await progress();

    await sweep();
    const statusOf = async (id: string) => (await call("GET", `/v1/renders/${id}`, { key })).json.status;
    expect(await statusOf(printing as string)).toBe("queued");
    expect(await statusOf(silent as string)).toBe("failed");
    // The silent render's units went back; the printing one still holds its 5.
    expect((await meter.snapshot()).reserved).toBe(5);
  });
});
