/** The client's address as Cloudflare reports it; "local" where nothing says (wrangler dev, tests). */
export function clientAddress(header: (name: string) => string | undefined): string {
  return header("cf-connecting-ip") ?? header("x-forwarded-for")?.split(",")[0]?.trim() ?? "local";
}
