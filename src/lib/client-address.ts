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

/** An IPv6 address as its eight 16-bit groups, or null; an embedded IPv4 tail and a zone id are understood. */
function ipv6(text: string): number[] | null {
  let address = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "").toLowerCase();
  const tail = /(?:^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (tail) {
    const four = ipv4(tail[1]!);
    if (!four) return null;
    address = `${address.slice(0, address.length - tail[1]!.length)}${((four[0]! << 8) | four[1]!).toString(16)}:${((four[2]! << 8) | four[3]!).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 2 ? missing < 1 : missing !== 0) || ![...head, ...rest].every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return [...head, ...Array(missing).fill("0"), ...rest].map((group) => parseInt(group, 16));
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
  const six = ipv6(address.trim());
  if (!six) return address.trim().toLowerCase();
  const mapped = six.slice(0, 5).every((group) => group === 0) && six[5] === 0xffff;
  if (mapped) return [six[6]! >> 8, six[6]! & 255, six[7]! >> 8, six[7]! & 255].join(".");
  return `${six.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}
