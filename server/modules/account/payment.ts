import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { ZPaymentDetails } from "../../../shared/schemas/account";
import type { DbOrTx } from "../../db/client";
import { organisers } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/** The payment details tab as the server parsed it (IBAN/BIC checked and normalised, "" for none). */
export type PaymentInput = z.output<typeof ZPaymentDetails>;

/** Where the organiser's payouts go ("" for not given; the IBAN without spaces). */
export async function getPaymentDetails(db: DbOrTx, organiserId: string) {
  const [row] = await db
    .select({ bankName: organisers.bankName, accountNumber: organisers.accountNumber, bic: organisers.bic })
    .from(organisers)
    .where(eq(organisers.id, organiserId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return { bankName: row.bankName ?? "", accountNumber: row.accountNumber ?? "", bic: row.bic ?? "" };
}

/** Saves the payment details; "" clears a field (stored as null). */
export async function savePaymentDetails(db: DbOrTx, options: { organiserId: string; details: PaymentInput }): Promise<void> {
  const { bankName, accountNumber, bic } = options.details;
  const updated = await db
    .update(organisers)
    .set({ bankName: bankName || null, accountNumber: accountNumber || null, bic: bic || null })
    .where(eq(organisers.id, options.organiserId))
    .returning({ id: organisers.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND");
}
