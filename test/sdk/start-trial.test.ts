import { describe, expect, it } from "vitest";
import { FolioError, startTrial } from "../../packages/sdk/src/index";

// The service's answers are scripted here; the studio's trial (test/e2e/studio.test.ts) starts a real one.
function answering(response: Response) {
  const sent: Request[] = [];
  const fetch = async (request: Request) => {
    sent.push(request);
    return response;
  };
  return { sent, fetch };
}

const TRIAL = {
  object: "trial",
  api_key: "folio_sk_trial",
  account: { object: "account", id: "acc_1" },
};

describe("startTrial", () => {
  it("posts to /v1/trials without any key and answers the trial", async () => {
    const { sent, fetch } = answering(Response.json(TRIAL, { status: 201 }));
    const trial = await startTrial({ baseUrl: "http://folio.test/", fetch });
    expect(trial.api_key).toBe("folio_sk_trial");
    expect(sent.map((r) => [r.method, r.url])).toEqual([["POST", "http://folio.test/v1/trials"]]);
    expect(sent[0]!.headers.get("authorization")).toBeNull();
  });

  it("throws a FolioError that carries the 429's Retry-After in seconds", async () => {
    const limited = Response.json(
      { error: { type: "rate_limited", message: "Too many trials", docs_url: "" } },
      { status: 429, headers: { "retry-after": "1800" } },
    );
    const { sent, fetch } = answering(limited);
    const error = await startTrial({ baseUrl: "http://folio.test", fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FolioError);
    expect(error).toMatchObject({ status: 429, type: "rate_limited", retryAfter: 1800 });
    // Longer than the policy waits (60 s): answered at once, not retried.
    expect(sent).toHaveLength(1);
  });
});
