import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { OrderDetailModal } from "./detail-modal";
import { OrdersList } from "./list";
import { type OrdersQuery, ordersQueryString, parseOrdersQuery } from "./query-state";

/** The orders area's URL state: read from the query string, written back to it. */
export function useOrdersQuery() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const query = useMemo(() => parseOrdersQuery(new URLSearchParams(search)), [search]);
  const hrefOf = useCallback(
    (next: OrdersQuery) => {
      const qs = ordersQueryString(next);
      return qs ? `${location}?${qs}` : location;
    },
    [location],
  );
  /** Filters, paging and closing the detail replace the entry; opening an order adds one (Back closes it). */
  const setQuery = useCallback((next: OrdersQuery, options: { push?: boolean } = {}) => navigate(hrefOf(next), { replace: !options.push }), [navigate, hrefOf]);
  return { query, setQuery, hrefOf };
}

/**
 * /dashboard/orders (viewOrders or updateOrderDate, issue 16): every order of the organiser,
 * searched, filtered, sorted and paged on the server, and the detail of one in a modal
 * (`?order=<id>`, so it can be linked and survives a reload).
 */
export default function OrdersArea() {
  const { query, setQuery, hrefOf } = useOrdersQuery();
  return (
    <>
      <OrdersList query={query} setQuery={setQuery} hrefOf={hrefOf} />
      {query.order && <OrderDetailModal key={query.order} orderId={query.order} onClose={() => setQuery({ ...query, order: null })} />}
    </>
  );
}
