/** The payment part's headings in each language (guidelines 2.3, annex: multilingual headings). */
export interface SwissTexts {
  paymentPart: string;
  receipt: string;
  account: string;
  reference: string;
  additionalInformation: string;
  payableBy: string;
  payableByBlank: string;
  currency: string;
  amount: string;
  acceptancePoint: string;
}

export const SWISS_TEXTS: Record<"de" | "fr" | "it" | "en", SwissTexts> = {
  de: {
    paymentPart: "Zahlteil",
    receipt: "Empfangsschein",
    account: "Konto / Zahlbar an",
    reference: "Referenz",
    additionalInformation: "Zusätzliche Informationen",
    payableBy: "Zahlbar durch",
    payableByBlank: "Zahlbar durch (Name/Adresse)",
    currency: "Währung",
    amount: "Betrag",
    acceptancePoint: "Annahmestelle",
  },
  fr: {
    paymentPart: "Section paiement",
    receipt: "Récépissé",
    account: "Compte / Payable à",
    reference: "Référence",
    additionalInformation: "Informations supplémentaires",
    payableBy: "Payable par",
    payableByBlank: "Payable par (nom/adresse)",
    currency: "Monnaie",
    amount: "Montant",
    acceptancePoint: "Point de dépôt",
  },
  it: {
    paymentPart: "Sezione pagamento",
    receipt: "Ricevuta",
    account: "Conto / Pagabile a",
    reference: "Riferimento",
    additionalInformation: "Informazioni supplementari",
    payableBy: "Pagabile da",
    payableByBlank: "Pagabile da (nome/indirizzo)",
    currency: "Valuta",
    amount: "Importo",
    acceptancePoint: "Punto di accettazione",
  },
  en: {
    paymentPart: "Payment part",
    receipt: "Receipt",
    account: "Account / Payable to",
    reference: "Reference",
    additionalInformation: "Additional information",
    payableBy: "Payable by",
    payableByBlank: "Payable by (name/address)",
    currency: "Currency",
    amount: "Amount",
    acceptancePoint: "Acceptance point",
  },
};
