import { Alert, Anchor, Badge, Button, Grid, Group, List, Stack, Text, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Link } from "wouter";
import { participantValues } from "../../../shared/rules/checkout";
import { checkoutFormSchema } from "../../../shared/schemas/orders";
import { useCountdown } from "../../components/Shop/CartSummary";
import type { CartData, ShopScopeData } from "../../components/Shop/model";
import { VoucherField } from "../../components/VoucherField";
import { useZodForm } from "../../hooks/use-zod-form";
import { appCodeOf, describeError, fieldErrorsOf } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { BuyerDetails } from "./BuyerDetails";
import { blankTicket, type CheckoutValues, isOptionalBuyerField, newIdempotencyKey, ticketsOfCart } from "./model";
import { BACK_KEY, Notice, Shell } from "./Notice";
import { OrderSummary } from "./OrderSummary";
import { TicketSection } from "./TicketSection";
import { useCheckoutVoucher } from "./use-voucher";

/** The buyer's details, a section per ticket and the order summary, for an active reservation. */
export function CheckoutForm({
  cart,
  credentials,
  scope,
  backPath,
  onRefresh,
}: {
  cart: CartData;
  credentials: { id: string; secret: string };
  scope: ShopScopeData;
  backPath: string;
  onRefresh: () => void;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const locale = i18n.locale === "en" ? "en" : "de";
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [expired, setExpired] = useState(false);
  const [fatal, setFatal] = useState<"CART_EXPIRED" | "CART_NOT_FOUND" | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const fields = scope.participantFields;
  const { tickets, incomplete } = useMemo(
    () => ticketsOfCart(cart, scope, (block, row, seat) => t`${block}, row ${row}, seat ${seat}`),
    [cart, scope, t],
  );
  const schema = useMemo(() => checkoutFormSchema(fields), [fields]);
  const form = useZodForm<CheckoutValues>(schema, {
    initialValues: {
      buyer: {
        firstName: "",
        lastName: "",
        email: "",
        title: "",
        handicap: false,
        phone: "",
        mobile: "",
        street: "",
        zip: "",
        city: "",
        company: "",
        jobTitle: "",
        website: "",
        blog: "",
        businessAddress: "",
        businessPhone: "",
      },
      tickets: tickets.map(() => blankTicket(fields)),
      acceptTerms: false,
    },
  });

  // The reservation changed (a refetch after CART_CHANGED): one entry per ticket again, the buyer kept.
  const signature = tickets.map((tk) => `${tk.category.id}:${tk.seatKeys.join(",")}:${tk.areaId ?? ""}`).join("|");
  useEffect(() => {
    if (form.getValues().tickets.length !== tickets.length) form.setFieldValue("tickets", tickets.map(() => blankTicket(fields)));
    // Only when the tickets themselves change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  // The order as the server prices it: each ticket's price and chosen booking options, less an applied voucher's share.
  const values = form.getValues();
  const voucher = useCheckoutVoucher(
    credentials,
    tickets.map((tk, i) => ({
      ticketCategoryId: tk.category.id,
      seatKeys: tk.seatKeys,
      areaId: tk.areaId,
      priceCents: tk.category.priceCents,
      optionCents: (values.tickets[i]?.bookingOptions ?? []).flatMap((o) => {
        const option = tk.category.bookingOptions[o];
        return option ? [option.priceCents] : [];
      }),
      chargeable: tk.category.kind === "chargeable",
    })),
    scope.vatRateBp,
  );
  const priced = voucher.priced;
  /** The tickets as the server takes them, with their booking options (and participants when ordering). */
  const orderTickets = (v: CheckoutValues, withParticipants: boolean) =>
    tickets.map((tk, i) => ({
      ticketCategoryId: tk.category.id,
      seatKeys: tk.seatKeys,
      areaId: tk.areaId,
      bookingOptions: v.tickets[i]?.bookingOptions ?? [],
      participant: withParticipants ? participantValues(fields, v.tickets[i]?.participant ?? {}).values : {},
    }));

  const left = useCountdown(cart.expiresAt, () => setExpired(true));
  const extend = useMutation(
    trpc.shop.extend.mutationOptions({
      onSuccess: () => {
        toast.success(t`Your reservation was extended.`);
        onRefresh();
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  const checkout = useMutation(
    trpc.orders.checkout.mutationOptions({
      onSuccess: (result) => {
        setRedirecting(true);
        try {
          sessionStorage.setItem(BACK_KEY(result.orderId), backPath);
        } catch {
          // Only the cancelled-payment page's link back needs it.
        }
        window.location.assign(result.redirectUrl);
      },
      onError: (error) => {
        const code = appCodeOf(error);
        if (code === "CART_EXPIRED" || code === "CART_NOT_FOUND") {
          setFatal(code);
          return;
        }
        if (code?.startsWith("VOUCHER_")) {
          // On the voucher field (paying waits until it is removed).
          voucher.refused(error);
          setSubmitError(null);
          return;
        }
        // Field errors go on their fields (the hint below the summary points at them); others show here.
        const onFields = Object.keys(fieldErrorsOf(i18n, error)).filter((k) => k === "acceptTerms" || k.startsWith("buyer.") || /^tickets\.\d+\.participant\./.test(k));
        form.setServerErrors(error);
        if (onFields.some(isOptionalBuyerField)) setMoreOpen(true);
        setSubmitError(onFields.length > 0 ? null : describeError(i18n, error));
        if (code === "CART_CHANGED" || code === "SEATS_PER_TICKET") onRefresh();
      },
    }),
  );

  const when = scope.startsAt
    ? new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "full", timeStyle: "short", timeZone: scope.timeZone }).format(scope.startsAt)
    : "";

  if (fatal || expired) {
    return (
      <Notice title={fatal === "CART_NOT_FOUND" ? t`Reservation not found` : t`Your reservation has expired`} backPath={backPath}>
        {fatal === "CART_NOT_FOUND" ? (
          <Trans>Your selection could not be found. Please choose your tickets again.</Trans>
        ) : (
          <Trans>The time to buy these tickets has run out and the seats were released. Please choose your tickets again.</Trans>
        )}
      </Notice>
    );
  }

  const mm = left === null ? "--" : String(Math.floor(left / 60)).padStart(2, "0");
  const ss = left === null ? "--" : String(left % 60).padStart(2, "0");
  const urgent = left !== null && left < 120;
  const busy = checkout.isPending || redirecting;

  const submit = form.onSubmit(
    (v) => {
      setSubmitError(null);
      // An applied voucher that does not apply: its error stands on the field, paying waits.
      if (voucher.blocked) return;
      checkout.mutate({
        cart: credentials,
        idempotencyKey,
        locale,
        buyer: v.buyer,
        tickets: orderTickets(v, true),
        acceptTerms: true,
        voucherCode: voucher.applied?.code ?? null,
      });
    },
    (errors) => {
      setSubmitError(null);
      if (Object.keys(errors).some(isOptionalBuyerField)) setMoreOpen(true);
    },
  );

  return (
    <Shell>
      <form noValidate onSubmit={submit} aria-label={t`Checkout`}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Stack gap={2}>
              <Anchor component={Link} href={backPath} size="sm">
                {t`Back to the event`}
              </Anchor>
              <Title order={1}>
                <Trans>Checkout</Trans>
              </Title>
              <Text fw={600}>{scope.eventName}</Text>
              {scope.kind === "season" ? <SeasonDates scope={scope} locale={locale} /> : when && <Text c="dimmed" size="sm">{when}</Text>}
            </Stack>
            <Group gap="xs">
              <Badge size="lg" color={urgent ? "red" : "blue"} variant="light" role="timer" aria-live="off" data-testid="hold-countdown">
                <Trans>
                  Reserved for {mm}:{ss}
                </Trans>
              </Badge>
              {!cart.extended && (
                <Button size="xs" variant="light" loading={extend.isPending} onClick={() => extend.mutate({ cart: credentials })}>
                  <Trans>More time</Trans>
                </Button>
              )}
            </Group>
          </Group>
          {incomplete && (
            <Alert color="red" title={t`Please check your reservation`}>
              <Trans>Some tickets are missing seats. Please go back to the event and choose the full number of seats for each ticket.</Trans>
            </Alert>
          )}
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
              <Stack gap="lg">
                <BuyerDetails form={form} locale={locale} moreOpen={moreOpen} onMoreOpenChange={setMoreOpen} />

                <Stack gap="sm">
                  <Title order={2} size="h4">
                    <Trans>Your tickets</Trans>
                  </Title>
                  {tickets.map((tk, i) => (
                    <TicketSection
                      key={`${tk.category.id}:${tk.seatKeys.join(",")}:${tk.areaId ?? ""}:${i}`}
                      index={i}
                      ticket={tk}
                      fields={fields}
                      locale={locale}
                      form={form}
                    />
                  ))}
                </Stack>
              </Stack>
            </Grid.Col>

            <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
              <OrderSummary
                form={form}
                tickets={tickets}
                priced={priced}
                locale={locale}
                submitError={submitError}
                busy={busy}
                incomplete={incomplete}
                voucherCode={voucher.applied?.code ?? null}
                blocked={voucher.blocked}
                voucherField={
                  <VoucherField
                    testId="voucher"
                    entry={voucher.entry}
                    onEntry={voucher.setEntry}
                    appliedCode={voucher.applied?.code ?? null}
                    applying={voucher.applying}
                    error={voucher.error}
                    disabled={busy}
                    onApply={() => voucher.apply(orderTickets(form.getValues(), false))}
                    onRemove={voucher.remove}
                  />
                }
              />
            </Grid.Col>
          </Grid>
        </Stack>
      </form>
    </Shell>
  );
}

/** What a season ticket covers: every date of the season's events (issue 24 item 6). */
function SeasonDates({ scope, locale }: { scope: ShopScopeData; locale: string }) {
  const format = new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: scope.timeZone });
  return (
    <Stack gap={2} data-testid="season-dates">
      <Text c="dimmed" size="sm">
        <Plural value={scope.seasonDates.length} one="Season ticket for # date:" other="Season ticket for # dates:" />
      </Text>
      <List size="sm" spacing={0}>
        {scope.seasonDates.map((d) => (
          <List.Item key={d.id}>
            {format.format(d.startsAt)} · {d.eventName}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
