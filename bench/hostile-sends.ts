// The fourth round's requests (docs/limits.md#webhook-sends, docs/limits.md#codes): webhook tests sent in bulk and to
// forbidden addresses, unparseable If-Match values, and codes drawn by the thousand. Each must be refused or bounded
// before it holds anything; the table shows what it cost the neighbour.
import { type Hostile, type Post, template, unique } from "./hostile-setup.ts";

/** Addresses a webhook must never reach, each spelled the way an attacker would try. */
const FORBIDDEN_URLS = [
  "https://127.0.0.1/hook",
  "https://[::1]/hook",
  "https://0x7f000001/hook",
  "https://2130706433/hook",
  "https://169.254.169.254/latest/meta-data",
  "https://[::ffff:127.0.0.1]/hook",
  "https://localhost./hook",
  "https://10.0.0.1/hook",
  "https://user:pass@127.0.0.1/hook",
];

/** A publish with a raw If-Match header: the status it answered (0 when none came). */
async function publishIfMatch(base: string, key: string, name: string, ifMatch: string): Promise<number> {
  try {
    const res = await fetch(`${base}/v1/templates/${name}/versions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "if-match": ifMatch },
      body: JSON.stringify({ source: `<p>${unique()}</p>` }),
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

export function sendForms(post: Post): Hostile[] {
  const testHook = (base: string, key: string, url: string) => post(base, key, "/v1/webhooks/test", { url });
  return [
    {
      name: `webhooks/test: ${FORBIDDEN_URLS.length} forbidden address forms`,
      run: async (ctx) => Promise.all(FORBIDDEN_URLS.map((url) => testHook(ctx.base, ctx.attackers[2]!, url))),
    },
    {
      name: "webhooks/test: 11 from one key (the 11th refused)",
      run: async (ctx) => {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++)
          statuses.push(await testHook(ctx.base, ctx.attackers[1]!, "https://hooks.invalid/a"));
        return statuses;
      },
    },
    {
      name: "webhooks/test: 61 to one host from the four keys (each key's 10 a minute first)",
      run: async (ctx) =>
        Promise.all(
          Array.from({ length: 61 }, (_, i) =>
            testHook(ctx.base, ctx.attackers[i % ctx.attackers.length]!, `https://one-host.invalid/${i}`),
          ),
        ),
    },
    {
      name: "publish: unparseable If-Match values",
      run: async (ctx) => {
        const name = await template(post, ctx.base, ctx.attackers[3]!, { source: "<p>v1</p>" });
        const values = ['"v1', '"v-1"', `"v${"9".repeat(400)}"`, '"v1", "v2"', 'W/"v1"', '""'];
        return Promise.all(values.map((value) => publishIfMatch(ctx.base, ctx.attackers[3]!, name, value)));
      },
    },
    {
      name: "create: 10,000 qr_code in a loop",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[0]!, "/v1/templates", {
          name: `h-${unique()}`,
          source: "{% for i in (1..10000) %}{{ i | qr_code }}{% endfor %}",
        }),
      ],
    },
    {
      name: "preview: 10,000 qr_code in a loop",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[0]!, "/v1/previews", {
          source: "{% for i in (1..10000) %}{{ i | qr_code }}{% endfor %}",
          data: {},
        }),
      ],
    },
    {
      name: "preview: 2,000 qr_code of 1,000 bytes at ecc H",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[0]!, "/v1/previews", {
          source: "{% for i in (1..2000) %}{{ payload | qr_code: ecc: 'H', size: '150mm' }}{% endfor %}",
          data: { payload: "x".repeat(1000) },
        }),
      ],
    },
  ];
}
