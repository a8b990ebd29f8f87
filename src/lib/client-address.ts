import { v6Groups } from "@folio/render-page/egress-policy";

/** The client's address as Cloudflare reports it; "local" where nothing says (wrangler dev, tests). */
export function clientAddress(header: (name: string) => string | undefined): string {
  return header("cf-connecting-ip") ?? header("x-forwarded-for")?.split(",")[0]?.trim() ?? "local";
}

/** An IPv4 address as four numbers 0-255 in dotted decimal (no leading zeros, which some parsers read as octal). */
function ipv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255)) return null;
  return parts.map(Number);
}

/**
 * The bucket trial starts are counted in: one spelling per address, so "::ffff:192.0.2.1", "192.0.2.1" and
 * "0:0:0:0:0:ffff:c000:201" are one client, and one /64 per IPv6 client, since a single host is commonly given a
 * whole /64 and could otherwise mint a trial from each of its addresses. Anything unreadable is its own bucket
 * (wrangler dev's "local").
 */
export function trialBucket(address: string): string {
  const four = ipv4(address.trim());
  if (four) return four.join(".");
  const six = v6Groups(
    address
      .trim()
      .replace(/^\[|\]$/g, "")
      .replace(/%.*$/, ""),
  );
  if (!six) return address.trim().toLowerCase();
  const mapped = six.slice(0, 5).every((group) => group === 0) && six[5] === 0xffff;
  if (mapped) return [six[6] >> 8, six[6] & 255, six[7] >> 8, six[7] & 255].join(".");
  return `${six
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
