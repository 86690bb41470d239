import { Trans, useLingui } from "@lingui/react/macro";
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearch } from "wouter";
import { PageLoader } from "../../components/PageLoader";
import { storedAccess } from "../../components/Shop/AccessCodeForm";
import { storedCartById } from "../../lib/cart-store";
import { appCodeOf, describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { CheckoutForm } from "./CheckoutForm";
import { BACK_KEY, backPathOf, Notice } from "./Notice";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The checkout (SPEC §2 /checkout): `?cart=ID` buys what the buyer's reservation holds;
 * `?order=ID&cancelled=1` is where a payment page sends the buyer who gave up paying.
 */
export default function CheckoutPage() {
  const { t } = useLingui();
  const params = new URLSearchParams(useSearch());
  const cartId = params.get("cart");
  const orderId = params.get("order");
  if (orderId && params.get("cancelled") === "1") return <PaymentCancelled orderId={orderId} />;
  if (!cartId || !UUID.test(cartId)) {
    return (
      <Notice title={t`Nothing to check out`} backPath="/">
        <Trans>There is no reservation to pay for. Please choose your tickets on the event page first.</Trans>
      </Notice>
    );
  }
  return <CheckoutOfCart cartId={cartId} />;
}

/** Back from a cancelled payment: the order stays open until its reservation ends, then fails. */
function PaymentCancelled({ orderId }: { orderId: string }) {
  const { t } = useLingui();
  const stored = UUID.test(orderId) ? sessionStorage.getItem(BACK_KEY(orderId)) : null;
  const backPath = stored && /^\/(event|event-dates)\/[0-9a-f-]{36}$/i.test(stored) ? stored : "/";
  return (
    <Notice title={t`Payment was cancelled`} backPath={backPath} color="yellow">
      <Trans>
        No money was taken. Your seats stay reserved for your order for a short while; if it is not paid, the order lapses and the seats are released
        automatically. To buy tickets, choose them again on the event page.
      </Trans>
    </Notice>
  );
}

function CheckoutOfCart({ cartId }: { cartId: string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [stored] = useState(() => storedCartById(cartId));
  const credentials = stored ? { id: stored.id, secret: stored.secret } : null;
  const cartQ = useQuery(trpc.shop.cart.queryOptions(credentials ? { cart: credentials } : skipToken));
  const eventId = cartQ.data?.eventId;
  const access = eventId ? storedAccess(eventId) : undefined;
  const scopeQ = useQuery(
    trpc.shop.scope.queryOptions(stored && cartQ.isSuccess ? { scopeId: stored.scopeId, ...(access ? { access } : {}) } : skipToken),
  );
  const fallbackBack = stored ? `/event-dates/${stored.scopeId}` : "/";

  if (!stored || !credentials) {
    return (
      <Notice title={t`Reservation not found`} backPath="/">
        <Trans>This browser has no reservation with this link. Please choose your tickets on the event page again.</Trans>
      </Notice>
    );
  }
  if (cartQ.isPending || (cartQ.isSuccess && scopeQ.isPending)) return <PageLoader />;
  if (cartQ.isError) {
    const code = appCodeOf(cartQ.error);
    return (
      <Notice title={code === "CART_NOT_FOUND" ? t`Reservation not found` : t`Something went wrong`} backPath={fallbackBack} color="red">
        {describeError(i18n, cartQ.error)}
      </Notice>
    );
  }
  if (scopeQ.isError) {
    return (
      <Notice title={t`Something went wrong`} backPath={fallbackBack} color="red">
        {describeError(i18n, scopeQ.error)}
      </Notice>
    );
  }
  const cart = cartQ.data;
  const scope = scopeQ.data!;
  const backPath = backPathOf(scope);
  if (cart.state === "checked_out") {
    return (
      <Notice title={t`Order already placed`} backPath={backPath}>
        <Trans>An order has already been placed for this reservation. Please complete its payment, or choose your tickets again once the reservation has ended.</Trans>
      </Notice>
    );
  }
  if (cart.state !== "active") {
    return (
      <Notice title={t`Your reservation has expired`} backPath={backPath}>
        <Trans>The time to buy these tickets has run out and the seats were released. Please choose your tickets again.</Trans>
      </Notice>
    );
  }
  if (cart.seats.length === 0 && cart.items.length === 0) {
    return (
      <Notice title={t`Your reservation is empty`} backPath={backPath}>
        <Trans>Please choose your tickets on the event page first.</Trans>
      </Notice>
    );
  }
  if (scope.locked) {
    return (
      <Notice title={t`Access code required`} backPath={backPath}>
        <Trans>Please open the event page and enter the access code again, then continue to the checkout.</Trans>
      </Notice>
    );
  }
  return (
    <CheckoutForm
      cart={cart}
      credentials={credentials}
      scope={scope}
      backPath={backPath}
      onRefresh={() => void queryClient.invalidateQueries({ queryKey: trpc.shop.cart.pathKey() })}
    />
  );
}
