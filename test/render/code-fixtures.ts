/** A Swiss QR-bill to a QR-IBAN with a QR reference: the guidelines' own example creditor. */
export const SWISS = {
  creditor: {
    iban: "CH44 3199 9123 0008 8901 2",
    name: "Robert Schneider AG",
    address: { street: "Rue du Lac", building_number: "1268", postal_code: "2501", town: "Biel", country: "CH" },
  },
  amount: 1949.75,
  currency: "CHF",
  reference: "210000000003139471430009017",
  message: "Order of 15 June 2026",
};
