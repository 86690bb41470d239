/**
 * The platform's operator: who issues the platform's invoices and signs the imprint. One place
 * for the imprint, the privacy policy and the invoice PDF (the seller an invoice must name, with
 * its address and VAT ID, § 14 UStG).
 */
export const OPERATOR = {
  name: "Musterfirma Ticketing GmbH",
  street: "Musterstraße 1",
  zipCity: "12345 Musterstadt",
  country: "Deutschland",
  vatId: "DE123456789",
  email: "info@musterfirma-ticketing.example",
  privacyEmail: "datenschutz@musterfirma-ticketing.example",
  phone: "+49 123 456789-0",
} as const;
