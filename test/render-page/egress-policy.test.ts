import { addressProblem, checkUrl } from "@folio/render-page/egress-policy";
import { describe, expect, it } from "vitest";

// The policy as production applies it to assets: https on 443, public addresses only.
const production = { allowHttp: false, allowPrivate: false };

describe("egress policy: names and addresses are judged like what they denote", () => {
  it.each([
    ["https://localhost./x.png", "localhost"],
    ["https://localhost../x.png", "localhost"],
    ["https://metadata.google.internal./computeMetadata/v1/", "metadata.google.internal"],
    ["https://printer.local./", "printer.local"],
    ["https://router.home.arpa./", "router.home.arpa"],
  ])("refuses %s like the name without its trailing dot", (url, name) => {
    const verdict = checkUrl(url, production);
    expect(verdict).toEqual({ ok: false, reason: `the host ${name} is not a public name` });
  });

  it("allows a public name written with its trailing dot", () => {
    expect(checkUrl("https://example.com./logo.png", production).ok).toBe(true);
  });

  it.each([
    ["IPv4-mapped", "https://[::ffff:127.0.0.1]/x.png", "loopback address 127.0.0.1"],
    ["IPv4-mapped in hex", "https://[::ffff:a9fe:a9fe]/x.png", "link-local (cloud metadata) address 169.254.169.254"],
    ["IPv4-translated", "https://[::ffff:0:127.0.0.1]/x.png", "loopback address 127.0.0.1"],
    ["IPv4-translated in hex", "https://[::ffff:0:a00:1]/x.png", "private address 10.0.0.1"],
    ["NAT64", "https://[64:ff9b::192.168.1.1]/x.png", "private address 192.168.1.1"],
  ])("refuses an %s form of a private address, naming the address it carries", (_, url, carried) => {
    const verdict = checkUrl(url, production);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toContain(carried);
  });

  it.each([
    ["IPv4-mapped", "https://[::ffff:8.8.8.8]/x.png"],
    ["IPv4-translated", "https://[::ffff:0:8.8.8.8]/x.png"],
    ["NAT64", "https://[64:ff9b::8.8.8.8]/x.png"],
  ])("allows an %s form of a public address", (_, url) => {
    expect(checkUrl(url, production).ok).toBe(true);
  });

  it("judges resolved addresses in the embedded forms the same way", () => {
    expect(addressProblem("::ffff:0:7f00:1")).toContain("loopback address 127.0.0.1");
    expect(addressProblem("64:ff9b::a9fe:a9fe")).toContain("169.254.169.254");
    expect(addressProblem("::ffff:1.1.1.1")).toBeNull();
    expect(addressProblem("64:ff9b:1::1")).not.toBeNull();
  });

  it("still refuses the IPv6 ranges that carry no IPv4 address", () => {
    for (const ip of ["::1", "::", "fd00::1", "fe80::1", "::127.0.0.1", "2002:7f00:1::1", "2001:db8::1"])
      expect(addressProblem(ip), ip).not.toBeNull();
    expect(addressProblem("2606:4700::1111")).toBeNull();
  });
});

describe("egress policy: npm run dev's loopback webhooks", () => {
  const dev = { allowHttp: true, allowPrivate: false, loopback: { exceptPorts: [8787, 8788] } };

  it.each([
    "http://127.0.0.1:8899/hook",
    "http://localhost:3000/hook",
    "http://[::1]:9000/",
    "https://127.0.0.2/",
    "http://api.localhost:4000/",
  ])("delivers to the receiver on this machine at %s", (url) => {
    expect(checkUrl(url, dev).ok).toBe(true);
  });

  it("never to the service's own ports, and nowhere else private; without it, loopback stays refused", () => {
    expect(checkUrl("http://127.0.0.1:8787/v1/account", dev)).toEqual({
      ok: false,
      reason: "port 8787 is the service's own",
    });
    expect(checkUrl("http://localhost:8788/render", dev).ok).toBe(false);
    expect(checkUrl("http://10.0.0.5:8899/hook", dev).ok).toBe(false);
    expect(checkUrl("http://user:pw@127.0.0.1:8899/", dev).ok).toBe(false);
    expect(checkUrl("http://127.0.0.1:8899/hook", { allowHttp: true, allowPrivate: false }).ok).toBe(false);
  });
});
