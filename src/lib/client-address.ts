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

/** An address read once: an IPv4 (mapped IPv6 forms included) in dotted decimal, or IPv6's eight groups. */
function readAddress(address: string): { four: string } | { six: number[] } | null {
  const four = ipv4(address.trim());
  if (four) return { four: four.join(".") };
  const six = v6Groups(
    address
      .trim()
      .replace(/^\[|\]$/g, "")
      .replace(/%.*$/, ""),
  );
  if (!six) return null;
  const mapped = six.slice(0, 5).every((group) => group === 0) && six[5] === 0xffff;
  if (mapped) return { four: [six[6] >> 8, six[6] & 255, six[7] >> 8, six[7] & 255].join(".") };
  return { six };
}

/** An IPv6 prefix of `groups` groups of 16 bits, as `2001:db8:1::/48`. */
const prefix = (six: number[], groups: number) =>
  `${six
    .slice(0, groups)
    .map((group) => group.toString(16))
    .join(":")}::/${groups * 16}`;

/**
 * The bucket trial starts are counted in: one spelling per address, so "::ffff:192.0.2.1", "192.0.2.1" and
 * "0:0:0:0:0:ffff:c000:201" are one client, and one /64 per IPv6 client, since a single host is commonly given a
 * whole /64 and could otherwise mint a trial from each of its addresses. Anything unreadable is its own bucket
 * (wrangler dev's "local").
 */
export function trialBucket(address: string): string {
  const read = readAddress(address);
  if (!read) return address.trim().toLowerCase();
  return "four" in read ? read.four : prefix(read.six, 4);
}

/**
 * The network an IPv6 client's /64 belongs to, its /48 (a site's usual allocation: 65,536 /64s), so that one network
 * cannot start the deployment's whole hour of trials from /64 after /64; null for IPv4 and unreadable addresses.
 */
export function trialNetwork(address: string): string | null {
  const read = readAddress(address);
  return read && "six" in read ? prefix(read.six, 3) : null;
}
