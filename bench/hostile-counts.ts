// The first two probes' requests (docs/limits.md#no-request-holds-the-service): each once held the service by how
// much work it named, now bounded by counts checked before the work runs.
import { type Hostile, type Post, unique } from "./hostile-setup.ts";

const tall = `<div style="height:3000000in">tall</div>`;
const attachments = Array.from({ length: 10 }, (_, i) => ({
  filename: `a${i}.txt`,
  mime_type: "text/plain",
  content: "{% for i in (1..1000000) %}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{% endfor %}",
}));

/**
 * The requests a hostile probe found holding the service (docs/limits.md#no-request-holds-the-service), each as the
 * attacker would send it.
 */
export function countForms(post: Post): Hostile[] {
  return [
    {
      name: "create: {{a}} x 199,000",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[0]!, "/v1/templates", {
          name: `h-${unique()}`,
          source: "{{a}}".repeat(199_000),
        }),
      ],
    },
    {
      name: "preview: {{a}} x 80,000",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[0]!, "/v1/previews", { source: "{{a}}".repeat(80_000), data: {} }),
      ],
    },
    {
      name: "create: 20,000 unknown filters",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[0]!, "/v1/templates", {
          name: `h-${unique()}`,
          source: Array.from({ length: 20_000 }, (_, i) => `{{ a | nope${i} }}`).join("\n"),
        }),
      ],
    },
    {
      name: "preview: a 60 KB text card at 200 px",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[0]!, "/v1/previews", {
          engine: "satori",
          source: `<div style="display:flex;font-size:200px">${"lorem ".repeat(10_000)}</div>`,
          data: {},
        }),
      ],
    },
    {
      name: "create: a card of 2,000 nested divs",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[0]!, "/v1/templates", {
          name: `h-${unique()}`,
          engine: "satori",
          source: `${'<div style="display:flex">'.repeat(2_000)}x${"</div>".repeat(2_000)}`,
        }),
      ],
    },
    {
      name: "preview: 10 attachments of 30 MB of Liquid",
      run: async (ctx) => [
        await post(ctx.base, ctx.attackers[0]!, "/v1/previews", {
          source: "<p>x</p>",
          data: {},
          options: { attachments },
        }),
      ],
    },
    {
      name: "4 trials x 2 previews of a very tall page",
      run: (ctx) =>
        Promise.all(
          ctx.attackers.flatMap((key) =>
            [0, 1].map(() => post(ctx.base, key, "/v1/previews", { source: tall, data: {} })),
          ),
        ),
    },
  ];
}
