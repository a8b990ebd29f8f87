import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import type { TestProject } from "vitest/node";
import {
  type Authority,
  grantedReply,
  makeAuthority,
  openAuthority,
  startDevelopmentAuthority,
  statusReply,
} from "../scripts/dev-tsa.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** `npm run dev`'s development authority, as the dev start serves it. */
    tsaUrl: string;
    /** An authority that misbehaves as its path says (below). */
    badTsaUrl: string;
  }
}

const NAME = "CN=Test time-stamp authority";
const TEN_MINUTES_MS = 600_000;
/** How long /hold/ keeps a query: long enough for calls made together to overlap, within a call's 5 s. */
const HOLD_MS = 3_000;

/** The ways a path's first segment makes the authority misbehave; /<mode>/<key>, the key counting its requests. */
type Mode = (request: pkijs.TimeStampReq, res: ServerResponse) => Promise<Uint8Array | null>;

/** Answers `status` with `body` whatever was asked. */
function plain(status: number, headers: Record<string, string>, content: string | Buffer): Mode {
  return async (_request, res) => {
    res.writeHead(status, headers).end(content);
    return null;
  };
}

async function modes(good: Authority): Promise<Record<string, Mode>> {
  const noUsage = await openAuthority(await makeAuthority(NAME, "none"));
  const softUsage = await openAuthority(await makeAuthority(NAME, "non-critical"));
  // The same name and serial as `good`, another key: a token signed by it does not verify with `good`'s certificate.
  const impostor = await openAuthority(await makeAuthority(NAME));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    ok: (request) => grantedReply(request, good, new Date()),
    hold: async (request) => {
      await sleep(HOLD_MS);
      return grantedReply(request, good, new Date());
    },
    "wrong-nonce": (request) => {
      request.nonce = new asn1js.Integer({ value: 12345 });
      return grantedReply(request, good, new Date());
    },
    "no-nonce": (request) => {
      delete request.nonce;
      return grantedReply(request, good, new Date());
    },
    "wrong-imprint": async (request) => {
      request.messageImprint = await pkijs.MessageImprint.create("SHA-256", new Uint8Array(8));
      return grantedReply(request, good, new Date());
    },
    "no-eku": (request) => grantedReply(request, noUsage, new Date()),
    "soft-eku": (request) => grantedReply(request, softUsage, new Date()),
    forged: async (request) => {
      request.certReq = false;
      const reply = pkijs.TimeStampResp.fromBER(await grantedReply(request, impostor, new Date()));
      const signed = new pkijs.SignedData({ schema: reply.timeStampToken?.content });
      signed.certificates = [good.certificate];
      const token = new pkijs.ContentInfo({ contentType: "1.2.840.113549.1.7.2", content: signed.toSchema(true) });
      return statusReply(pkijs.PKIStatus.granted, token);
    },
    "time-ahead": (request) => grantedReply(request, good, new Date(Date.now() + TEN_MINUTES_MS)),
    "time-behind": (request) => grantedReply(request, good, new Date(Date.now() - TEN_MINUTES_MS)),
    rejection: async () => statusReply(pkijs.PKIStatus.rejection),
    fail: plain(500, {}, "down"),
    redirect: plain(302, { location: "/ok/redirected" }, ""),
    "redirect-307": plain(307, { location: "/ok/redirected" }, ""),
    huge: plain(200, {}, Buffer.alloc(70 * 1024, 0x30)),
    garbage: plain(200, {}, "not a time-stamp response"),
    slow: async (request) => {
      await sleep(6_000);
      return grantedReply(request, good, new Date());
    },
    trickle: async (request, res) => {
      const reply = await grantedReply(request, good, new Date());
      res.writeHead(200).write(reply.subarray(0, 10));
      await sleep(6_000);
      res.end(reply.subarray(10));
      return null;
    },
  };
}

async function body(req: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The development authority, and a misbehaving one: POST /<mode>/<key> answers as `modes` says (/hold/ grants after
 * 3 s); GET /count/<key> says how many queries arrived for that key, GET /most/<key> how many were in flight at once
 * at most.
 */
export default async function setup(project: TestProject) {
  const state = mkdtempSync(join(tmpdir(), "folio-tsa-"));
  const development = await startDevelopmentAuthority(join(state, "folio-dev-tsa.json"));
  const good = await openAuthority(await makeAuthority(NAME));
  const behave = await modes(good);
  const counts = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const most = new Map<string, number>();
  const server: Server = createServer(async (req, res) => {
    const [, mode = "", key = ""] = (req.url ?? "/").split("/");
    const query = await body(req);
    if (mode === "count") return void res.writeHead(200).end(String(counts.get(key) ?? 0));
    if (mode === "most") return void res.writeHead(200).end(String(most.get(key) ?? 0));
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const now = (inFlight.get(key) ?? 0) + 1;
    inFlight.set(key, now);
    most.set(key, Math.max(most.get(key) ?? 0, now));
    res.on("close", () => inFlight.set(key, (inFlight.get(key) ?? 1) - 1));
    const answer = behave[mode];
    if (!answer) return void res.writeHead(404).end();
    let request: pkijs.TimeStampReq;
    try {
      request = pkijs.TimeStampReq.fromBER(query.slice().buffer);
    } catch {
      // A redirect followed by mistake arrives as a GET without the query.
      return void res.writeHead(400).end();
    }
    const reply = await answer(request, res);
    if (reply) res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(reply);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("tsaUrl", development.url);
  project.provide("badTsaUrl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await development.close();
    rmSync(state, { recursive: true, force: true });
  };
}
