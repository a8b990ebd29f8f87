// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata API before it loads:
// every use of the library imports it from here, so the polyfill is always evaluated first.
import "reflect-metadata";

export * from "@peculiar/x509";
