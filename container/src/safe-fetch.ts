// The render backend's one way out: every asset Chromium asks for is fetched here, after the URL and
// every address its host resolves to are checked, and the connection is pinned to the checked address
// so a second DNS answer (rebinding) cannot redirect it. Redirects are followed by hand, re-checked each hop.
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { addressProblem, checkUrl, type EgressPolicy, isIpLiteral } from "@folio/render-page/egress-policy";

export class EgressRefused extends Error {
  readonly url: string;
  readonly reason: string;
  constructor(url: string, reason: string) {
    super(`${url}: ${reason}`);
    this.url = url;
    this.reason = reason;
  }
}

export interface FetchedAsset {
  status: number;
  contentType: string;
  body: Buffer;
}

interface Limits {
  maxBytes: number;
  deadline: number;
  maxRedirects: number;
}

async function resolvePinned(
  host: string,
  policy: EgressPolicy,
  url: string,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIpLiteral(host)) return { address: bare, family: bare.includes(":") ? 6 : 4 };
  let answers: Array<{ address: string; family: number }>;
  try {
    answers = await lookup(bare, { all: true, verbatim: true });
  } catch (error) {
    throw new EgressRefused(url, `DNS lookup failed (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  if (!policy.allowPrivate) {
    for (const answer of answers) {
      const problem = addressProblem(answer.address);
      if (problem) throw new EgressRefused(url, `${bare} resolves to ${problem}`);
    }
  }
  const first = answers[0];
  if (!first) throw new EgressRefused(url, "DNS returned no address");
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  limits: Limits,
): Promise<{ status: number; location?: string; contentType: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const remaining = limits.deadline - Date.now();
    if (remaining <= 0) return reject(new EgressRefused(url.href, "the render deadline passed"));
    const req = client.request(url, {
      method: "GET",
      headers: { "user-agent": "Folio-Renderer/1.0", accept: "*/*" },
      lookup: (_host, options, callback) => {
        if ((options as { all?: boolean }).all)
          (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [pinned]);
        else callback(null, pinned.address, pinned.family);
      },
      timeout: remaining,
    });
    req.on("timeout", () => req.destroy(new EgressRefused(url.href, "timed out")));
    req.on("error", (error) =>
      reject(
        error instanceof EgressRefused
          ? error
          : new EgressRefused(
              url.href,
              `connection failed (${(error as NodeJS.ErrnoException).code ?? error.message})`,
            ),
      ),
    );
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ status, location: res.headers.location, contentType: "", body: Buffer.alloc(0) });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) req.destroy(new EgressRefused(url.href, `larger than ${limits.maxBytes} bytes`));
        else chunks.push(chunk);
      });
      res.on("end", () =>
        resolve({
          status,
          contentType: String(res.headers["content-type"] ?? "application/octet-stream"),
          body: Buffer.concat(chunks),
        }),
      );
      res.on("error", reject);
    });
    req.end();
  });
}

export async function safeFetch(raw: string, policy: EgressPolicy, limits: Limits): Promise<FetchedAsset> {
  let current = raw;
  for (let hop = 0; hop <= limits.maxRedirects; hop++) {
    const verdict = checkUrl(current, policy);
    if (!verdict.ok) throw new EgressRefused(current, verdict.reason);
    const pinned = await resolvePinned(verdict.url.hostname, policy, current);
    const answer = await requestOnce(verdict.url, pinned, limits);
    if (answer.location === undefined)
      return { status: answer.status, contentType: answer.contentType, body: answer.body };
    current = new URL(answer.location, verdict.url).href;
  }
  throw new EgressRefused(raw, `more than ${limits.maxRedirects} redirects`);
}
