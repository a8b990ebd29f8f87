import { describe, expect, it } from "vitest";
import { ServiceError } from "../../src/errors";
import { renderLiquid } from "../../src/render/liquid/liquid";
import { liquidFindings } from "../../src/render/liquid/liquid-diagnostics";

function render(source: string) {
  return renderLiquid(source, { data: {}, instant: new Date() });
}

async function refusal(source: string): Promise<string> {
  const error = await render(source).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).extra.details).toMatchObject({ stage: "template" });
  return (error as ServiceError).message;
}

// U+202F (narrow no-break space) groups thousands in French; U+00A0 separates an amount from its currency.
describe("money", () => {
  it("prints the currency's decimals by default and as many as its third argument asks for", async () => {
    expect(await render('{{ 0.1234 | money: "EUR", "de-DE" }}')).toBe("0,12\u00a0€");
    expect(await render('{{ 0.1234 | money: "EUR", "de-DE", 4 }}')).toBe("0,1234\u00a0€");
    expect(await render('{{ 1234.5 | money: "USD", "en-US", 0 }}')).toBe("$1,235");
    expect(await render('{{ 99 | money: "JPY", "ja-JP", 2 }}')).toBe("￥99.00");
    expect(await render('{{ -0.125 | money: "EUR", "fr-FR", 2 }}')).toBe("-0,13\u00a0€");
  });

  it("refuses decimals that are not a whole number from 0 to 20", async () => {
    expect(await refusal('{{ 1 | money: "EUR", "de-DE", 2.5 }}')).toMatch(/money: decimals must be a whole number/);
    expect(await refusal('{{ 1 | money: "EUR", "de-DE", 21 }}')).toMatch(/from 0 to 20/);
  });
});

describe("number", () => {
  it("formats by locale, with up to 3 decimals unless asked", async () => {
    expect(await render('{{ 3.5 | number: "de-DE" }}|{{ 3.5 | number: "fr-FR" }}|{{ 3.5 | number: "en-US" }}')).toBe(
      "3,5|3,5|3.5",
    );
    expect(await render("{{ 1234567.8915 | number }}")).toBe("1,234,567.892");
    expect(await render('{{ 1234567.8915 | number: "de-DE" }}')).toBe("1.234.567,892");
    expect(await render('{{ 1234567.8915 | number: "fr-FR" }}')).toBe("1\u202f234\u202f567,892");
  });

  it("takes the fewest and most decimals, either alone", async () => {
    expect(await render('{{ 3.5 | number: "de-DE", 2 }}')).toBe("3,50");
    expect(await render('{{ 3.14159 | number: "de-DE", 0, 2 }}')).toBe("3,14");
    expect(await render('{{ 2 | number: "en-US", 0, 2 }}')).toBe("2");
    expect(await render('{{ 0.123456 | number: "fr-FR", 5 }}')).toBe("0,12346");
    expect(await render('{{ 2.5 | number: "en-US", nil, 0 }}|{{ -2.5 | number: "en-US", nil, 0 }}')).toBe("3|-3");
  });

  it("writes negative and large numbers with the locale's signs and groups", async () => {
    expect(await render('{{ -1234.5 | number: "de-DE" }}|{{ -1234.5 | number: "en-US", 2, 2 }}')).toBe(
      "-1.234,5|-1,234.50",
    );
    expect(await render('{{ -9876543.21 | number: "fr-FR", 2 }}')).toBe("-9\u202f876\u202f543,21");
    expect(await render('{{ 123456789012345678 | number: "de-DE" }}')).toBe("123.456.789.012.345.680");
    expect(await render('{{ "1e21" | number: "en-US" }}')).toBe("1,000,000,000,000,000,000,000");
  });

  it("refuses what is not a number, and decimals out of order", async () => {
    expect(await refusal('{{ "abc" | number: "de-DE" }}')).toMatch(/number: "abc" is not a number/);
    expect(await refusal('{{ 1 | number: "de-DE", 3, 1 }}')).toMatch(/number: at most 1 decimals/);
  });
});

describe("the template diagnostics", () => {
  it("know number and money's decimals: neither is an unknown filter", () => {
    expect(
      liquidFindings('{{ 3.5 | number: "de-DE", 0, 2 }} {{ 1 | money: "EUR", "de-DE", 4 }} {{ 1 | numbr }}'),
    ).toEqual([expect.objectContaining({ code: "unknown_filter", filter: "numbr" })]);
  });
});
