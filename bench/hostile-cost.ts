// The third probe's requests (docs/limits.md#cost-not-counts): each bounded by its count, costly by what each piece
// of it asked for. Each runs as bench/hostile.ts runs the others, beside /healthz and a neighbour's 1-page render.
import {
  eInvoiceRenders,
  type Hostile,
  longEInvoicePreview,
  longEInvoiceTemplate,
  loop,
  mcpPreview,
  type Post,
  renderToEnd,
  template,
  unique,
} from "./hostile-setup.ts";

const CII_ROOT = '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">';
/** A page of SVG noise: costly to print and 28 MB as a chunk piece. */
const NOISE =
  '<svg style="display:block;width:190mm;height:270mm" viewBox="0 0 10 10"><filter id="n"><feTurbulence ' +
  'type="fractalNoise" baseFrequency="0.9" numOctaves="4"/></filter><rect width="10" height="10" filter="url(#n)"/></svg>';
const card = (html: string) => `<div style="display:flex;width:1200px;height:630px">${html}</div>`;
/** 462 characters of eleven shadows blurred 1,000 px: the probe's five elements. */
const shadows = Array.from({ length: 11 }, (_, i) => `${i}px ${i}px 1000px 1000px rgba(0, 0, 0, 0.5)`).join(", ");
/** 57 elements: a rectangle, then five groups each using the one before ten times, drawn once: 100,000 rectangles. */
const nestedUse = () => {
  const groups = Array.from(
    { length: 5 },
    (_, level) => `<g id="u${level + 1}">${`<use href="#u${level}"/>`.repeat(10)}</g>`,
  );
  return `<svg width="1200" height="630" style="display:flex"><defs><rect id="u0" width="2" height="2"/>${groups.join("")}</defs><use href="#u5"/></svg>`;
};

/** The third probe's requests, in the order they run. */
export function costForms(post: Post): Hostile[] {
  return [...costlyPieces(post), ...eInvoiceFloods(post), ...pastTheCeilings(post)];
}

/** One request whose few pieces each ask for much: comments, shadows, nested <use>, the largest card. */
function costlyPieces(post: Post): Hostile[] {
  return [
    {
      name: "preview: 512 KB of e-invoice XML, each attribute opening a comment",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[0]!, "/v1/previews", {
          source: "<h1>Invoice</h1>",
          data: {},
          options: {
            pdfa: "3b",
            e_invoice: {
              standard: "factur-x",
              profile: "en16931",
              xml: `${CII_ROOT}{% for i in (1..40000) %}<a b="<!--"/>{% endfor %}</rsm:CrossIndustryInvoice>`,
            },
          },
        }),
      ],
    },
    {
      name: "preview: a card of 5 elements with 11 box-shadows blurred 1,000 px",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[0]!, "/v1/previews", {
          engine: "satori",
          format: "png",
          source: card(`<div style="display:flex;width:100px;height:100px;box-shadow:${shadows}"></div>`.repeat(5)),
          data: {},
        }),
      ],
    },
    {
      name: "preview: a card whose SVG draws 100,000 rectangles through nested <use>",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[0]!, "/v1/previews", {
          engine: "satori",
          format: "png",
          source: card(nestedUse()),
          data: {},
        }),
      ],
    },
    {
      name: "render: a card at the 40 MP ceiling (5,000 x 2,000 at scale 2)",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[1]!, "/v1/render", {
          template: await template(post, ctx.base, ctx.attackers[1]!, {
            engine: "satori",
            source: `<div style="display:flex;width:100%;height:100%;background:linear-gradient(red,blue)">{{ n }}</div>`,
          }),
          format: "png",
          data: { n: unique() },
          options: { width: 5_000, height: 2_000, device_scale_factor: 2 },
        }),
      ],
    },
  ];
}

/** Trials looping the e-invoice work (validation, XML previews) while a neighbour renders Factur-X. */
function eInvoiceFloods(post: Post): Hostile[] {
  return [
    {
      name: "2 trials loop validate on a 2,500-line Factur-X example for 30 s: the neighbour's 7 Factur-X renders",
      run: async (ctx) => {
        const keys = ctx.attackers.slice(2, 4);
        const made = await Promise.all(keys.map((key) => longEInvoiceTemplate(post, ctx.base, key)));
        const flood = keys.map((key, i) =>
          loop(post, ctx.base, [key], `/v1/templates/${made[i]!.name}/validate`, { data: made[i]!.example }, 30_000),
        );
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        const neighbour = await eInvoiceRenders(post, ctx.base, ctx.neighbour, 7);
        await Promise.all(flood);
        return neighbour;
      },
    },
    {
      name: "4 trials preview the XML of a 2,500-line Factur-X invoice, 29 a minute each, 30 s: the neighbour's 7 Factur-X renders",
      run: async (ctx) => {
        const flood = loop(post, ctx.base, ctx.attackers, "/v1/previews", longEInvoicePreview(), 30_000, 2_100);
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        const neighbour = await eInvoiceRenders(post, ctx.base, ctx.neighbour, 7);
        await flood;
        return neighbour;
      },
    },
  ];
}

/** Requests one step past a ceiling: the 51st unit, the 51st page, a 16,000 px page, the 21st start, a 60 KB query. */
function pastTheCeilings(post: Post): Hostile[] {
  return [
    {
      name: "trial: 51 one-page chunks of drawn noise, past its 50 units only at the 51st",
      run: async (ctx) =>
        renderToEnd(ctx.base, ctx.attackers[1]!, {
          template: await template(post, ctx.base, ctx.attackers[1]!, {
            source: `{% for row in rows %}<section style="page-break-after: always">${NOISE}</section>{% endfor %}`,
            expected_pages: 1,
          }),
          data: { rows: Array.from({ length: 51 }, (_, i) => i) },
          options: { chunk: { over: "rows", size: 1 } },
        }),
    },
    {
      name: "preview: a 51-page document",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[0]!, "/v1/previews", {
          source: "{% for i in (1..51) %}<p style='break-after:page'>{{ i }}</p>{% endfor %}",
          data: {},
        }),
      ],
    },
    {
      name: "MCP preview_template of a 16,000 px square page",
      run: async (ctx) => [
        await mcpPreview(ctx.base, ctx.attackers[0]!, {
          source: "<div style='width:16000px;height:16000px;background:linear-gradient(red,blue)'></div>",
          options: { page_size: { width: "16000px", height: "16000px" } },
        }),
      ],
    },
    {
      name: "21 trial starts from 21 /64s of one /48",
      run: async (ctx) => {
        const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}`;
        const starts = Array.from({ length: 21 }, (_, i) =>
          fetch(`${ctx.base}/v1/trials`, {
            method: "POST",
            headers: { "cf-connecting-ip": `${network}:${i.toString(16)}::1` },
          }).then((res) => res.status),
        );
        return Promise.all(starts);
      },
    },
    {
      name: "/docs/search with a 60 KB query",
      run: async (ctx) => [await fetch(`${ctx.base}/docs/search?q=${"e+".repeat(30_000)}`).then((res) => res.status)],
    },
  ];
}
