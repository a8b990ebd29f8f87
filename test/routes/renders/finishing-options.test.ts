import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../src/lib/crypto";
import { canonicalJson } from "../../../src/lib/jcs";
import { payloadKeys } from "../../../src/lib/payload-keys";
import { call, expectError, newAccount } from "../../helpers";
import { deliver } from "../../queue";

// Document finishing refusals (/docs#finishing), answered before any Chromium work (this project has no renderer).
const DOC = { name: "doc", source: "<h1>{{ who }}</h1>" };
const CARD = { name: "card", engine: "satori", source: "<div style='display:flex'>Hi {{ who }}</div>" };
const OWNER = "owner-Secret-4711";
const USER = "reader-Secret-0815";
const CII = '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>';

const EVERY_OPTION = {
  tagged: true,
  outline: true,
  toc: true,
  watermark: { text: "DRAFT" },
  pdfa: "3b",
  attachments: [{ filename: "a.txt", content: "a", mime_type: "text/plain" }],
  e_invoice: { standard: "factur-x", profile: "en16931", xml: CII },
  encryption: { owner_password: OWNER },
};

async function setup(templates: Array<Record<string, unknown>> = [DOC, CARD]) {
  const { api_key: key, account } = await newAccount();
  for (const body of templates) expect((await call("POST", "/v1/templates", { key, body })).status).toBe(201);
  return { key, accountId: account.id };
}

const render = (key: string, body: Record<string, unknown>) =>
  call("POST", "/v1/render", { key, body: { template: "doc", data: { who: "x" }, ...body } });

describe("document finishing options", () => {
  it.each(["png", "jpg"])("are refused on %s, each at options.<key>", async (format) => {
    const { key } = await setup();
    const error = expectError(await render(key, { format, options: EVERY_OPTION }), 400, "invalid_request");
    expect(error.errors?.map((e) => e.path)).toEqual(Object.keys(EVERY_OPTION).map((k) => `options.${k}`));
    expect(error.errors?.[0]?.message).toBe("`tagged` applies to pdf only.");
    expect(JSON.stringify(error)).not.toContain(OWNER);
  });

  it.each([
    [{ pdfa: "2b", encryption: { owner_password: OWNER } }, "options.encryption", /PDF\/A forbids encryption/],
    [
      { e_invoice: { standard: "factur-x", profile: "basic", xml: CII }, encryption: { owner_password: OWNER } },
      "options.encryption",
      /PDF\/A forbids encryption/,
    ],
    [{ e_invoice: { standard: "factur-x", profile: "basic", xml: CII }, pdfa: "2b" }, "options.pdfa", /PDF\/A-3b/],
    [
      { pdfa: "2b", attachments: [{ filename: "a.txt", content: "a", mime_type: "text/plain" }] },
      "options.attachments",
      /PDF\/A-2b cannot carry attachments/,
    ],
    [
      {
        attachments: [
          { filename: "a.txt", content: "a", mime_type: "text/plain" },
          { filename: "a.txt", content: "b", mime_type: "text/plain" },
        ],
      },
      "options.attachments[1].filename",
      /unique/,
    ],
    [
      {
        e_invoice: { standard: "factur-x", profile: "minimum", xml: CII },
        attachments: [{ filename: "factur-x.xml", content: "x", mime_type: "text/xml" }],
      },
      "options.attachments[0].filename",
      /e_invoice/,
    ],
  ])("refuse %j together: 400 at %s", async (options, path, message) => {
    const { key } = await setup();
    const error = expectError(await render(key, { options }), 400, "invalid_request");
    expect(error.errors).toEqual([expect.objectContaining({ path, message: expect.stringMatching(message) })]);
    expect(JSON.stringify(error)).not.toContain(OWNER);
  });

  it.each([
    [{ watermark: { text: "x", opacity: 0.01 } }, "options.watermark.opacity"],
    [{ watermark: { text: "x", angle: 91 } }, "options.watermark.angle"],
    [{ watermark: { text: "" } }, "options.watermark.text"],
    [{ pdfa: "1b" }, "options.pdfa"],
    [
      {
        attachments: Array.from({ length: 11 }, (_, i) => ({
          filename: `${i}.txt`,
          content: "x",
          mime_type: "text/plain",
        })),
      },
      "options.attachments",
    ],
    [
      {
        attachments: [
          { filename: "a.bin", content: "not base64!", encoding: "base64", mime_type: "application/octet-stream" },
        ],
      },
      "options.attachments[0].content",
    ],
    [
      { attachments: [{ filename: "dir/a.txt", content: "x", mime_type: "text/plain" }] },
      "options.attachments[0].filename",
    ],
    [
      { attachments: [{ filename: "invoice\u202efdp.exe", content: "x", mime_type: "text/plain" }] },
      "options.attachments[0].filename",
    ],
    [
      { attachments: [{ filename: "a\u2066b.txt", content: "x", mime_type: "text/plain" }] },
      "options.attachments[0].filename",
    ],
    [
      { attachments: [{ filename: "a\u0085b.txt", content: "x", mime_type: "text/plain" }] },
      "options.attachments[0].filename",
    ],
    [
      { attachments: [{ filename: "a\\b.txt", content: "x", mime_type: "text/plain" }] },
      "options.attachments[0].filename",
    ],
    [{ attachments: [{ filename: "a.txt", content: "x", mime_type: "text" }] }, "options.attachments[0].mime_type"],
    [{ e_invoice: { standard: "zugferd", profile: "basic", xml: CII } }, "options.e_invoice.standard"],
    [{ e_invoice: { standard: "factur-x", profile: "peppol-bis-3", xml: CII } }, "options.e_invoice.profile"],
    [{ e_invoice: { standard: "ubl", cius: "nlcius", xml: CII } }, "options.e_invoice.cius"],
    [{ e_invoice: { standard: "ubl", profile: "en16931", xml: CII } }, "options.e_invoice.cius"],
    [{ e_invoice: { standard: "ubl", cius: "en16931", xml: CII, embed_pdf: "no" } }, "options.e_invoice.embed_pdf"],
    [{ encryption: { owner_password: "" } }, "options.encryption.owner_password"],
    [{ encryption: { owner_password: OWNER.repeat(10) } }, "options.encryption.owner_password"],
    [{ encryption: { owner_password: OWNER, user_password: OWNER } }, "options.encryption.user_password"],
    [{ encryption: { owner_password: OWNER, permissions: { print: "yes" } } }, "options.encryption.permissions.print"],
  ])("refuse %j at %s", async (options, path) => {
    const { key } = await setup();
    const error = expectError(await render(key, { options }), 400, "invalid_request");
    expect(error.errors?.map((e) => e.path)).toContain(path);
    expect(JSON.stringify(error)).not.toContain(OWNER);
  });

  it("never repeat a password back, whatever its mistake", async () => {
    const { key } = await setup();
    const error = expectError(
      await render(key, { options: { encryption: { owner_password: 20261124, user_password: [USER] } } }),
      400,
      "invalid_request",
    );
    expect(error.errors?.map((e) => e.path).sort()).toEqual([
      "options.encryption.owner_password",
      "options.encryption.user_password",
    ]);
    expect(JSON.stringify(error)).not.toMatch(/20261124|reader-Secret/);
  });

  it("refuse outline, toc and e_invoice on a satori card's PDF, naming why", async () => {
    const { key } = await setup();
    const error = expectError(
      await render(key, {
        template: "card",
        format: "pdf",
        options: { outline: true, toc: true, e_invoice: { standard: "factur-x", profile: "basic", xml: CII } },
      }),
      400,
      "invalid_request",
    );
    expect(error.errors?.map((e) => e.message)).toEqual([
      "`outline` does not apply to a satori template: a card has no headings to bookmark.",
      "`toc` does not apply to a satori template: a card has no headings to list.",
      "`e_invoice` does not apply to a satori template: render the invoice from a chromium template.",
    ]);
  });
});

describe("the documentation of document finishing", () => {
  it("shows every option in the options table and with an example on /docs", async () => {
    const docs = await call("GET", "/docs");
    for (const key of Object.keys(EVERY_OPTION)) {
      expect(docs.text).toContain(`<tr><td><code>${key}</code></td>`);
      const example = docs.text.split(`<tr><td><code>${key}</code></td><td><pre>`)[1]?.split("</pre>")[0];
      expect(example).toContain(`&#34;${key}&#34;: `);
    }
  });
});

describe("document finishing as template defaults", () => {
  it("are kept, checked as Liquid, and conflict with a request's options like any option", async () => {
    const options = {
      pdfa: "3b",
      tagged: true,
      e_invoice: { standard: "factur-x", profile: "en16931", xml: "{{ who }" },
    };
    const { key } = await setup([]);
    const broken = expectError(
      await call("POST", "/v1/templates", { key, body: { ...DOC, options } }),
      400,
      "invalid_request",
    );
    expect(broken.errors?.map((e) => e.path)).toEqual(["options.e_invoice.xml"]);
    const created = await call("POST", "/v1/templates", {
      key,
      body: { ...DOC, options: { ...options, e_invoice: { ...options.e_invoice, xml: CII } } },
    });
    expect(created.status).toBe(201);
    expect(created.json.options).toMatchObject({ pdfa: "3b", tagged: true });
    const error = expectError(
      await render(key, { options: { encryption: { owner_password: OWNER } } }),
      400,
      "invalid_request",
    );
    expect(error.errors?.[0]?.path).toBe("options.encryption");
  });

  it("never hold passwords: encryption is refused at create and publish, and not stored", async () => {
    const { key, accountId } = await setup();
    const options = { encryption: { owner_password: OWNER, user_password: USER } };
    for (const [path, body] of [
      ["/v1/templates", { ...DOC, name: "locked", options }],
      ["/v1/templates/doc/versions", { source: DOC.source, options }],
    ] as const) {
      const error = expectError(await call("POST", path, { key, body }), 400, "invalid_request");
      expect(error.errors).toEqual([
        expect.objectContaining({
          path: "options.encryption",
          message: expect.stringMatching(/passwords are never stored/),
        }),
      ]);
      expect(JSON.stringify(error)).not.toMatch(/Secret-/);
    }
    const stored = await env.DB.prepare(
      "SELECT v.options FROM template_versions v JOIN templates t ON t.id = v.template_id WHERE t.account_id = ?",
    )
      .bind(accountId)
      .all();
    expect(JSON.stringify(stored.results)).not.toMatch(/Secret-/);
  });
});

describe("an encrypted render queued for later", () => {
  it("keys the cache on every merged option with the passwords as keyed digests, and keeps no password in plain text in D1 or R2", async () => {
    const { key } = await setup();
    const options = {
      tagged: true,
      watermark: { text: "DRAFT" },
      encryption: { owner_password: OWNER, user_password: USER },
    };
    const res = await render(key, { options, async: true });
    expect(res.status).toBe(202);
    expect(JSON.stringify(res.json)).not.toMatch(/Secret-/);
    const row = await env.DB.prepare("SELECT * FROM renders WHERE id = ?")
      .bind(res.json.id)
      .first<Record<string, unknown>>();
    const { checksum } = (await call("GET", "/v1/templates/doc", { key })).json;
    const keys = payloadKeys(() => "test-payload-secret");
    const digested = {
      ...options,
      encryption: {
        owner_password: `hmac-sha256:${await keys.digest(OWNER)}`,
        user_password: `hmac-sha256:${await keys.digest(USER)}`,
      },
    };
    expect(row!.cache_key).toBe(
      await sha256Hex(`${checksum}\npdf\n${canonicalJson({ who: "x" })}\n${canonicalJson(digested)}`),
    );
    // The form v1 had (a bare hash over the passwords) would let anyone holding the table test guesses.
    expect(row!.cache_key).not.toBe(
      await sha256Hex(`${checksum}\npdf\n${canonicalJson({ who: "x" })}\n${canonicalJson(options)}`),
    );
    expect(JSON.stringify(row)).not.toMatch(/Secret-/);
    expect(JSON.stringify((await call("GET", `/v1/renders?limit=5`, { key })).json)).not.toMatch(/Secret-/);

    // While it waits in the queue, its payload holds the passwords sealed, bound to this render.
    const stored = await (await env.FILES.get(`payloads/${res.json.id}.json`))!.text();
    expect(stored).not.toMatch(/Secret-/);
    const payload = JSON.parse(stored) as { options: Record<string, unknown>; sealed_encryption: string };
    expect(payload.options).toEqual({ tagged: true, watermark: { text: "DRAFT" } });
    expect(JSON.parse(await keys.open(payload.sealed_encryption, res.json.id))).toEqual(options.encryption);
    await expect(keys.open(payload.sealed_encryption, "rnd_another")).rejects.toThrow();
    await expect(payloadKeys(() => "rotated-secret").open(payload.sealed_encryption, res.json.id)).rejects.toThrow();
  });

  it("fails as render_failed at stage queue, not retried, when the payload cannot be unsealed (PAYLOAD_SECRET rotated)", async () => {
    const { key } = await setup();
    const res = await render(key, { options: { encryption: { owner_password: OWNER } }, async: true });
    expect(res.status).toBe(202);
    const stored = JSON.parse(await (await env.FILES.get(`payloads/${res.json.id}.json`))!.text());
    const resealed = await payloadKeys(() => "an-older-secret").seal(
      JSON.stringify({ owner_password: OWNER }),
      res.json.id,
    );
    await env.FILES.put(`payloads/${res.json.id}.json`, JSON.stringify({ ...stored, sealed_encryption: resealed }));
    await deliver(res.json.id);
    const failed = (await call("GET", `/v1/renders/${res.json.id}`, { key })).json;
    expect(failed).toMatchObject({
      status: "failed",
      error: { type: "render_failed", details: { stage: "queue", reason: "payload_unsealable", retryable: false } },
    });
  });
});
