import { createHmac } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Service, startService } from "../../scripts/service.ts";
import { e2ePort } from "./ports.ts";

// Its own service on its own ports, started and restarted on a state of its own.
const PORT = e2ePort("devSecrets");
/** The signing secret every dev server had before secrets were generated: anyone could forge its links. */
const OLD_FIXED_SIGNING_SECRET = "dev-signing-secret-not-for-production";

async function get(service: Service, path: string) {
  const res = await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${service.apiKey}` } });
  return { status: res.status, json: await res.json() };
}

async function renderPdf(service: Service): Promise<string> {
  const headers = { authorization: `Bearer ${service.apiKey}`, "content-type": "application/json" };
  const post = (path: string, body: unknown) =>
    fetch(`${service.baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  expect((await post("/v1/templates", { name: "secrets", source: "<p>{{ n }}</p>" })).status).toBe(201);
  const res = await post("/v1/render", { template: "secrets", data: { n: 1 } });
  const render = (await res.json()) as { url: string };
  // A Chromium render: the Worker and the render backend agree on the generated backend secret.
  expect(res.status, JSON.stringify(render)).toBe(200);
  return render.url;
}

/** Every command line on the machine that holds one of `secrets`: what `ps` shows any user. */
function commandLinesHolding(secrets: string[]): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let commandLine = "";
    try {
      commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
    } catch {
      // Ended meanwhile.
    }
    if (secrets.some((secret) => commandLine.includes(secret))) found.push(commandLine);
  }
  return found;
}

describe("development secrets", () => {
  const states = [mkdtempSync(join(tmpdir(), "folio-secrets-")), mkdtempSync(join(tmpdir(), "folio-secrets-"))];
  afterAll(() => {
    for (const state of states) rmSync(state, { recursive: true, force: true });
  });

  it("are generated once per local state, reused on restart, and never the old fixed values", async () => {
    const first: Service = await startService({ port: PORT, persistTo: states[0] });
    let link: string;
    try {
      expect(
        commandLinesHolding([first.internalSecret, first.signingSecret, first.backendSecret, first.payloadSecret]),
      ).toEqual([]);
      link = await renderPdf(first);
      expect((await fetch(link)).status).toBe(200);
      const url = new URL(link);
      const renderId = url.pathname.split("/").pop()!;
      const expires = url.searchParams.get("expires")!;
      const forged = createHmac("sha256", OLD_FIXED_SIGNING_SECRET).update(`${renderId}:${expires}`).digest("hex");
      const refused = await fetch(`${url.origin}${url.pathname}?expires=${expires}&signature=${forged}`);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { type: string } }).error.type).toBe("permission_error");
      const oldInternal = await fetch(`${first.baseUrl}/v1/internal/accounts`, {
        method: "POST",
        headers: { "x-internal-secret": "dev-internal-secret" },
        body: JSON.stringify({ name: "x" }),
      });
      expect(oldInternal.status).toBe(401);
    } finally {
      await first.stop();
    }
    const stored = join(states[0]!, "folio-secrets.json");
    expect(statSync(stored).mode & 0o077).toBe(0);
    expect(JSON.parse(readFileSync(stored, "utf8"))).toEqual({
      INTERNAL_SECRET: first.internalSecret,
      SIGNING_SECRET: first.signingSecret,
      RENDER_BACKEND_SECRET: first.backendSecret,
      PAYLOAD_SECRET: first.payloadSecret,
    });
    for (const secret of [first.internalSecret, first.signingSecret, first.backendSecret, first.payloadSecret])
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const restarted: Service = await startService({ port: PORT, persistTo: states[0] });
    try {
      expect([
        restarted.internalSecret,
        restarted.signingSecret,
        restarted.backendSecret,
        restarted.payloadSecret,
      ]).toEqual([first.internalSecret, first.signingSecret, first.backendSecret, first.payloadSecret]);
      // A link signed before the restart still opens after it.
      expect((await fetch(link)).status).toBe(200);
    } finally {
      await restarted.stop();
    }

    // A fresh state gets secrets of its own; one given in the environment wins.
    const fresh: Service = await startService({
      port: PORT,
      persistTo: states[1],
      // Quotes and a shell variable reach the Worker as written: the account below is made with this secret.
      env: { INTERNAL_SECRET: "given-$HOME-'internal'-secret" },
    });
    try {
      expect(fresh.internalSecret).toBe("given-$HOME-'internal'-secret");
      expect(commandLinesHolding([fresh.internalSecret, fresh.signingSecret])).toEqual([]);
      expect(fresh.signingSecret).not.toBe(first.signingSecret);
      expect(fresh.backendSecret).not.toBe(first.backendSecret);
      // The first state's link, on the same address: signed with a secret this server does not have.
      expect((await fetch(link)).status).toBe(403);
      // And a development account of its own.
      expect(fresh.accountId).not.toBe(first.accountId);
      expect(fresh.apiKey).not.toBe(first.apiKey);
    } finally {
      await fresh.stop();
    }
  }, 300_000);
});

describe("the development account", () => {
  const state = mkdtempSync(join(tmpdir(), "folio-dev-account-"));
  afterAll(() => rmSync(state, { recursive: true, force: true }));

  it("is kept per local state on the scale plan, and replaced only when its key stops working", async () => {
    const first: Service = await startService({ port: PORT, persistTo: state });
    try {
      expect((await get(first, "/v1/usage")).json).toMatchObject({
        account: first.accountId,
        plan: "scale",
        units: { included: 50_000 },
        rate_limit: { renders_per_minute: 600 },
      });
      await renderPdf(first);
    } finally {
      await first.stop();
    }
    expect(statSync(first.accountFile).mode & 0o077).toBe(0);
    expect(JSON.parse(readFileSync(first.accountFile, "utf8"))).toEqual({
      account_id: first.accountId,
      key_id: first.keyId,
      api_key: first.apiKey,
    });

    const restarted: Service = await startService({ port: PORT, persistTo: state });
    try {
      expect([restarted.accountId, restarted.apiKey]).toEqual([first.accountId, first.apiKey]);
      // The user's templates and renders are where they left them.
      expect((await get(restarted, "/v1/templates/secrets")).status).toBe(200);
      expect(((await get(restarted, "/v1/renders")).json as { data: unknown[] }).data).toHaveLength(1);
      // Checking the key at start did not spend the one showing of the webhook secret.
      expect((await get(restarted, "/v1/account")).json).toMatchObject({
        id: first.accountId,
        plan: "scale",
        webhook_secret: expect.stringMatching(/^whsec_/),
      });
      const revoked = await fetch(`${restarted.baseUrl}/v1/internal/keys/${restarted.keyId}`, {
        method: "DELETE",
        headers: { "x-internal-secret": restarted.internalSecret },
      });
      expect(revoked.status).toBe(200);
    } finally {
      await restarted.stop();
    }

    const replaced: Service = await startService({ port: PORT, persistTo: state });
    try {
      expect(replaced.accountId).not.toBe(first.accountId);
      expect(replaced.apiKey).not.toBe(first.apiKey);
      expect((await get(replaced, "/v1/usage")).json).toMatchObject({ account: replaced.accountId, plan: "scale" });
      expect(JSON.parse(readFileSync(replaced.accountFile, "utf8")).api_key).toBe(replaced.apiKey);
    } finally {
      await replaced.stop();
    }
  }, 300_000);
});
