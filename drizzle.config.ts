import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: ["./src/db/schema.ts", "./src/db/webhook-deliveries-schema.ts", "./src/db/certificates-schema.ts"],
  out: "./migrations",
});
