import { useLingui } from "@lingui/react/macro";
import { Alert, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { PageLoader } from "../../../components/PageLoader";
import { describeError } from "../../../lib/errors";
import { useUserInfo } from "../../../lib/session";
import { useTRPC } from "../../../lib/trpc";
import { BulkModal } from "./bulk";
import { VouchersList } from "./list";
import { DEFAULT_VOUCHERS_QUERY, parseVouchersQuery, type VouchersQuery, vouchersQueryString } from "./query-state";
import { voucherRights } from "./rights";
import { EditVoucherModal, NewVoucherModal } from "./voucher-form";

/** The voucher area's URL state: read from the query string, written back to it. */
function useVouchersQuery() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const query = useMemo(() => parseVouchersQuery(new URLSearchParams(search)), [search]);
  const hrefOf = useCallback(
    (next: VouchersQuery) => {
      const qs = vouchersQueryString(next);
      return qs ? `${location}?${qs}` : location;
    },
    [location],
  );
  /** Filters, paging and closing a voucher replace the entry; opening one adds one (Back closes it). */
  const setQuery = useCallback((next: VouchersQuery, options: { push?: boolean } = {}) => navigate(hrefOf(next), { replace: !options.push }), [navigate, hrefOf]);
  return { query, setQuery, hrefOf };
}

/**
 * /dashboard/vouchers, "Discount" (createVoucher or updateVoucher, issue 19): the organiser's
 * vouchers, searched, filtered and paged on the server; one opens in a modal (`?voucher=<id>`,
 * so it can be linked and survives a reload), new ones one by one or in bulk.
 */
export default function VouchersArea() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const info = useUserInfo();
  const rights = voucherRights(info?.user);
  const { query, setQuery, hrefOf } = useVouchersQuery();
  const targets = useQuery(trpc.vouchers.targets.queryOptions());
  const [modal, setModal] = useState<"new" | "bulk" | null>(null);

  if (targets.isPending) return <PageLoader />;
  if (targets.isError) return <Alert color="red">{describeError(i18n, targets.error)}</Alert>;
  return (
    <Stack>
      <VouchersList
        query={query}
        setQuery={setQuery}
        hrefOf={hrefOf}
        targets={targets.data}
        canCreate={rights.create}
        onNew={() => setModal("new")}
        onBulk={() => setModal("bulk")}
      />
      {rights.create && (
        <>
          <NewVoucherModal opened={modal === "new"} targets={targets.data} onClose={() => setModal(null)} />
          <BulkModal
            opened={modal === "bulk"}
            targets={targets.data}
            onClose={() => setModal(null)}
            onShowBatch={(batchId) => setQuery({ ...DEFAULT_VOUCHERS_QUERY, pageSize: query.pageSize, batchId })}
          />
        </>
      )}
      {query.voucher && (
        <EditVoucherModal key={query.voucher} voucherId={query.voucher} targets={targets.data} canUpdate={rights.update} onClose={() => setQuery({ ...query, voucher: null })} />
      )}
    </Stack>
  );
}
