import { describe, expect, it } from "vitest";
import { connectionFailure } from "../../src/domain/webhooks/deliver-attempt";

// docs/webhooks.md#deliveries: a delivery that got no answer is named by what failed. The runtime hides DNS and TLS
// failures behind a random reference, which must never be read as the cause.
describe("the error kind of a failed connection", () => {
  it("never reads the runtime's random reference, whatever letters it holds", () => {
    const hidden = (reference: string) => `internal error; reference = ${reference}`;
    for (const reference of ["abtlsq0", "ssl9x8k", "q7dnsz1", "handshake0"]) {
      expect(connectionFailure(hidden(reference), new URL("http://no-such-host.invalid/hooks")), reference).toBe("dns");
      expect(connectionFailure(hidden(reference), new URL("https://127.0.0.1:8443/x")), reference).toBe("tls");
    }
  });

  it("names TLS only for an https address, and a lost connection as refused", () => {
    expect(connectionFailure("TLS handshake failed", new URL("https://example.com/"))).toBe("tls");
    expect(connectionFailure("TLS handshake failed", new URL("http://example.com/"))).toBe("connection_refused");
    expect(connectionFailure("getaddrinfo ENOTFOUND example.invalid", new URL("https://example.invalid/"))).toBe("dns");
    expect(connectionFailure("Network connection lost.", new URL("http://127.0.0.2:9/"))).toBe("connection_refused");
  });
});
