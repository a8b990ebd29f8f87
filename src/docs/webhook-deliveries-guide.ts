// The part of /docs#webhooks on what happened to a render's deliveries: the list, a resend, and a test event
// (docs/webhooks.md). The numbers are the constants the code enforces.
import { WEBHOOK_SENDS_PER_MINUTE } from "../domain/accounts/admission";
import { DELIVERIES_PER_HOST_PER_MINUTE } from "../domain/webhooks/host-gate";
import { MAX_ATTEMPTS, MAX_RESENDS } from "../domain/webhooks/retry-schedule";

export function webhookDeliveriesGuide(): string {
  return (
    `<h3 id="webhook-deliveries">Deliveries: what the receiver answered</h3>\n` +
    `<p><a href="#listDeliveries"><code>GET /v1/renders/{id}/deliveries</code></a> lists every delivery of a ` +
    `render's webhook, newest first, as it was made: <code>attempt</code> (1 to ${MAX_ATTEMPTS}, or a resend's ` +
    `number), <code>manual</code>, <code>attempted_at</code>, <code>url_host</code> (the host only: the path and ` +
    `query may hold your token), <code>status_code</code>, <code>error</code> (<code>timeout</code>, ` +
    `<code>connection_refused</code>, <code>dns</code>, <code>tls</code>, <code>blocked</code> by the egress ` +
    `policy with nothing sent, <code>redirect</code>, or null when the receiver answered), <code>duration_ms</code> ` +
    `and <code>next_attempt_at</code>. Nothing else the receiver answers is kept; the list lasts as long as the ` +
    `render. The agent tool <code>list_deliveries</code> and <code>folio renders deliveries ID</code> show the same. ` +
    `Each endpoint's example, under it in the reference, runs as written.</p>\n` +
    `<h3 id="webhook-resend">Resending an event</h3>\n` +
    `<p><a href="#resendWebhook"><code>POST /v1/renders/{id}/deliveries</code></a> sends the render's final event ` +
    `again now, once the schedule has ended (409 <code>conflict</code> with <code>details.next_attempt_at</code> ` +
    `while <code>webhook_status</code> is <code>pending</code>; 400 for a render without a ` +
    `<code>webhook_url</code>; at most ${MAX_RESENDS} resends a render). It carries <code>X-Service-Attempt: ` +
    `${MAX_ATTEMPTS}</code> and <code>X-Service-Resend: n</code>, the same <code>webhook-id</code>, signed afresh; ` +
    `the render's <code>webhook_status</code> and <code>webhook_attempts</code> stay as the schedule left them, ` +
    `and the delivery is listed with <code>manual: true</code>.</p>\n` +
    `<h3 id="webhook-test">Test events</h3>\n` +
    `<p><a href="#sendWebhookTest"><code>POST /v1/webhooks/test</code></a> with <code>{url}</code> sends one signed ` +
    `<code>{"type": "test", "created_at", "data": null}</code> to that URL only, with a <code>test_</code> ` +
    `<code>webhook-id</code> and both signatures, under the same egress rules; it answers <code>{delivered, ` +
    `status_code, error, duration_ms}</code> (<code>error</code>: <code>blocked</code>, <code>timeout</code>, ` +
    `<code>failed</code> or null). <code>folio webhooks test URL</code> and the studio's "Test event" send one too.` +
    `</p>\n` +
    `<p>Test events and resends share ${WEBHOOK_SENDS_PER_MINUTE} a minute per API key; deliveries of every kind ` +
    `to one host are capped at ${DELIVERIES_PER_HOST_PER_MINUTE} a minute for the whole service (a scheduled ` +
    `attempt waits for the host's minute, a test or resend is 429 <code>rate_limited</code> with ` +
    `<code>Retry-After</code>).</p>`
  );
}
