// The fifth round's requests (docs/limits.md#pkcs12-key-derivation-iterations, docs/limits.md#accessible-pdfs):
// PKCS#12 files whose key derivations once held the isolate for seconds, and `pdfua` renders whose links once made
// the mends quadratic. Each must be refused before the work or bounded; the table shows what it cost the neighbour.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Hostile, type Post, template, unique } from "./hostile-setup.ts";

const SIGNING_FIXTURES = join(import.meta.dirname, "../test/fixtures/signing");
const pkcs12 = (name: string) => ({
  pkcs12: readFileSync(join(SIGNING_FIXTURES, `${name}.p12.b64`), "utf8").trim(),
  password: "correct-horse",
});

/** A `pdfua` render of a one-off template holding `source`, with `options` beside pdfua. */
async function pdfuaRender(post: Post, base: string, key: string, source: string, options = {}): Promise<number[]> {
  const name = await template(post, base, key, { source });
  return [await post(base, key, "/v1/render", { template: name, data: {}, options: { pdfua: "1", ...options } })];
}

const ACCESSIBLE = (body: string) => `<html lang="en"><title>t</title><h1>t ${unique()}</h1>${body}</html>`;

/** A hostile row: one `pdfua` render of an accessible page around `body`, by the paid attacker. */
const pdfuaForm = (post: Post, name: string, body: string): Hostile => ({
  name,
  run: (ctx) => pdfuaRender(post, ctx.base, ctx.paidAttacker, ACCESSIBLE(body)),
});

export function signingForms(post: Post): Hostile[] {
  const upload = (ctx: { base: string; paidAttacker: string }, name: string) =>
    post(ctx.base, ctx.paidAttacker, "/v1/certificates", pkcs12(name));
  return [
    {
      name: "certificates: PKCS#12 -legacy at 1,000,000 iterations per part (6,000,000 in all)",
      run: async (ctx) => [await upload(ctx, "costly-legacy")],
    },
    {
      name: "certificates: PKCS#12 3DES key at 500,000 (key and IV: 1,500,000)",
      run: async (ctx) => [await upload(ctx, "costly-3des-key-and-iv")],
    },
    {
      name: "certificates: PKCS#12 3DES at exactly 1,000,000 (read; deleted after)",
      run: async (ctx) => {
        const res = await fetch(`${ctx.base}/v1/certificates`, {
          method: "POST",
          headers: { authorization: `Bearer ${ctx.paidAttacker}`, "content-type": "application/json" },
          body: JSON.stringify(pkcs12("at-bound-3des")),
        });
        const made = (await res.json()) as { id?: string };
        if (made.id)
          await fetch(`${ctx.base}/v1/certificates/${made.id}`, {
            method: "DELETE",
            headers: { authorization: `Bearer ${ctx.paidAttacker}` },
          });
        return [res.status];
      },
    },
    pdfuaForm(
      post,
      "pdfua: 251 links (names past the header's bound: URLs)",
      "{% for i in (1..250) %}<p><a href='https://e.example/{{i}}'>Order line {{i}} details</a></p>{% endfor %}",
    ),
    pdfuaForm(
      post,
      "pdfua: 50,000 hidden links",
      "<div style='display:none'>{% for i in (1..50000) %}<a href='https://h.example/'>h</a>{% endfor %}</div>" +
        "<a href='https://v.example/'>v</a>",
    ),
    {
      name: "pdfua: a header of 2,000 links on 38 pages",
      run: (ctx) =>
        pdfuaRender(post, ctx.base, ctx.paidAttacker, ACCESSIBLE("<p>text</p>".repeat(1000)), {
          margin: { top: "30mm" },
          header_html: `<div style="font-size:2px">${'<a href="https://e.example/">x</a>'.repeat(2000)}</div>`,
        }),
    },
  ];
}
