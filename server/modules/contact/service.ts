import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { ZContactInput } from "../../../shared/schemas/contact";
import type { Db } from "../../db/client";
import { contactRequests, users } from "../../db/schema";
import { enqueueMail } from "../../mail/outbox";

/** Stores the request and tells every admin, in one transaction. */
export async function submitContactRequest(db: Db, input: z.output<typeof ZContactInput>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(contactRequests).values(input);
    const admins = await tx
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.role, "admin"));
    const name = `${input.firstName} ${input.lastName}`;
    for (const admin of admins) {
      if (admin.email) await enqueueMail(tx, admin.email, admin.locale, {
          template: "contact_request",
          name,
          email: input.email,
          fields: input,
        });
    }
  });
}
