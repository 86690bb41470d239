import type { Logger } from "pino";
import type { Database } from "../../db/client";
import type { ShopScope } from "../shop/scope";
import { notifyIfSoldOut } from "./organiser-mails";

/**
 * The sold-out check after sales (issue 25): a sale only pokes its scope once it committed; the
 * check (organiser-mails.ts notifyIfSoldOut, which counts the whole date) runs in a transaction
 * of its own. Per scope and instance at most one check runs at a time; pokes that arrive while it
 * runs make one more check `intervalMs` later, so an on-sale of thousands of sales a minute costs
 * about one count a second instead of one per sale under a lock every sale waited for. The last
 * sale of a scope is always followed by a check that sees it.
 */
export class SoldOutWatch {
  private readonly pending = new Map<string, { again: boolean; scope: ShopScope; done: Promise<void> }>();

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly intervalMs = 1000,
  ) {}

  poke(scope: ShopScope): void {
    const known = this.pending.get(scope.scopeId);
    if (known) {
      known.again = true;
      known.scope = scope;
      return;
    }
    const entry = { again: false, scope, done: Promise.resolve() };
    this.pending.set(scope.scopeId, entry);
    entry.done = (async () => {
      try {
        for (;;) {
          await this.database.db.transaction((tx) => notifyIfSoldOut(tx, entry.scope));
          if (!entry.again) break;
          entry.again = false;
          await new Promise((resolve) => setTimeout(resolve, this.intervalMs));
        }
      } catch (err) {
        this.log.error({ err, scopeId: scope.scopeId }, "sold-out check failed");
      } finally {
        this.pending.delete(scope.scopeId);
      }
    })();
  }

  /** Resolves when no check is running or due (tests; shutting down). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending.values()].map((p) => p.done));
  }
}
