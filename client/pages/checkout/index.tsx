import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Container,
  Divider,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Link, useSearch } from "wouter";
import { z } from "zod";
import { COUNTRY_CODES } from "../../../shared/countries";
import { formatCents } from "../../../shared/rules/money";
import { priceOrder } from "../../../shared/rules/pricing";
import { ZBuyer } from "../../../shared/schemas/orders";
import { V } from "../../../shared/schemas/messages";
import { PageLoader } from "../../components/PageLoader";
import { storedAccess } from "../../components/Shop/AccessCodeForm";
import { useCountdown } from "../../components/Shop/CartSummary";
import type { CartData, ShopScopeData } from "../../components/Shop/model";
import { useZodForm } from "../../hooks/use-zod-form";
import { PublicLayout } from "../../layout/PublicLayout";
import { storedCartById } from "../../lib/cart-store";
import { appCodeOf, describeError, fieldErrorsOf } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the buyer's way back to the event leads, remembered per order for a cancelled payment. */
const BACK_KEY = (orderId: string) => `checkout-back:${orderId}`;

/** A random key per checkout form: a repeated submit (double click, retry) makes one order. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The event page of a shop scope: a date's own page, or the season's event page. */
function backPathOf(scope: Pick<ShopScopeData, "kind" | "eventId" | "scopeId">): string {
  return scope.kind === "season" ? `/event/${scope.eventId}` : `/event-dates/${scope.scopeId}`;
}

function Shell({ children, size = "lg" }: { children: ReactNode; size?: string }) {
  return (
    <PublicLayout>
      <Container size={size} py="xl">
        {children}
      </Container>
    </PublicLayout>
  );
}

/** A message instead of the checkout, with the way back to the event. */
function Notice({ title, children, backPath, color = "orange" }: { title: string; children?: ReactNode; backPath: string; color?: string }) {
  return (
    <Shell size="sm">
      <Alert color={color} title={title} data-testid="checkout-notice">
        <Stack gap="sm" align="flex-start">
          {children && <Text size="sm">{children}</Text>}
          <Button component={Link} href={backPath} variant="light">
            {backPath === "/" ? <Trans>Back to the start page</Trans> : <Trans>Back to the event</Trans>}
          </Button>
        </Stack>
      </Alert>
    </Shell>
  );
}

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
  const credentials = stored ? { id: stored.id, secret: stored.secret } : { id: cartId, secret: "x".repeat(20) };
  const cartQ = useQuery({ ...trpc.shop.cart.queryOptions({ cart: credentials }), enabled: stored !== null });
  const eventId = cartQ.data?.eventId;
  const access = eventId ? storedAccess(eventId) : undefined;
  const scopeQ = useQuery({
    ...trpc.shop.scope.queryOptions({ scopeId: stored?.scopeId ?? cartId, ...(access ? { access } : {}) }),
    enabled: stored !== null && cartQ.isSuccess,
  });
  const fallbackBack = stored ? `/event-dates/${stored.scopeId}` : "/";

  if (!stored) {
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

type Category = ShopScopeData["categories"][number];

/** One ticket of the order as the cart holds it: its category and its seats or area. */
type CheckoutTicket = {
  category: Category;
  seatKeys: string[];
  areaId: string | null;
  /** "Block, row R, seat S" per seat, or the area's name, or nothing (event without a plan). */
  places: string[];
};

/**
 * The cart's tickets as the server expects them: held seats of a category in groups of its
 * seats per ticket (plan order), each counted item as `quantity` tickets of its area.
 */
function ticketsOfCart(
  cart: CartData,
  scope: ShopScopeData,
  seatLabel: (blockName: string, row: string, seat: string) => string,
): { tickets: CheckoutTicket[]; incomplete: boolean } {
  const byId = new Map(scope.categories.map((c) => [c.id, c]));
  const blocks = scope.layout?.blocks ?? [];
  const blockName = new Map(blocks.map((b) => [b.id, b.name]));
  const blockOrder = new Map(blocks.map((b, i) => [b.id, i]));
  const num = (s: string) => (/^\d+$/.test(s) ? Number(s) : Number.NaN);
  const compare = (a: string, b: string) => {
    const na = num(a);
    const nb = num(b);
    return Number.isNaN(na) || Number.isNaN(nb) ? a.localeCompare(b) : na - nb;
  };
  const seats = [...cart.seats].sort(
    (a, b) =>
      (blockOrder.get(a.blockId) ?? 0) - (blockOrder.get(b.blockId) ?? 0) || compare(a.rowLabel, b.rowLabel) || compare(a.seatLabel, b.seatLabel),
  );
  const tickets: CheckoutTicket[] = [];
  let incomplete = false;
  const seatsByCategory = new Map<string, typeof seats>();
  for (const s of seats) seatsByCategory.set(s.ticketCategoryId, [...(seatsByCategory.get(s.ticketCategoryId) ?? []), s]);
  for (const [categoryId, list] of seatsByCategory) {
    const category = byId.get(categoryId);
    if (!category) {
      incomplete = true;
      continue;
    }
    const per = Math.max(1, category.seatsPerTicket);
    if (list.length % per !== 0) incomplete = true;
    for (let i = 0; i < list.length; i += per) {
      const group = list.slice(i, i + per);
      tickets.push({
        category,
        seatKeys: group.map((s) => s.key),
        areaId: null,
        places: group.map((s) => seatLabel(blockName.get(s.blockId) ?? s.blockId, s.rowLabel, s.seatLabel)),
      });
    }
  }
  for (const item of cart.items) {
    const category = byId.get(item.ticketCategoryId);
    if (!category) {
      incomplete = true;
      continue;
    }
    const area = item.areaId ? (blockName.get(item.areaId) ?? item.areaId) : null;
    for (let i = 0; i < item.quantity; i++) tickets.push({ category, seatKeys: [], areaId: item.areaId, places: area ? [area] : [] });
  }
  return { tickets, incomplete };
}

type TicketValues = { bookingOptions: number[]; participant: Record<string, string> };
type BuyerValues = z.input<typeof ZBuyer>;
type CheckoutValues = { buyer: BuyerValues; tickets: TicketValues[]; acceptTerms: boolean };

/** The buyer form's rules: the server's buyer schema, the event's required participant fields, the terms. */
function checkoutSchema(fields: ShopScopeData["participantFields"]) {
  const participant = z.object(
    Object.fromEntries(
      fields.map((f) => [f.key, f.required ? z.string().trim().min(1, V.required).max(300, V.maxLength) : z.string().trim().max(300, V.maxLength)]),
    ),
  );
  return z.object({
    // Empty email: "required" rather than "invalid format".
    buyer: ZBuyer.extend({ email: z.string().trim().min(1, V.required).pipe(ZBuyer.shape.email) }),
    tickets: z.array(z.object({ bookingOptions: z.array(z.number().int()), participant })),
    acceptTerms: z.boolean().refine((v) => v, V.required),
  });
}

const OPTIONAL_BUYER_FIELDS = [
  "title",
  "gender",
  "handicap",
  "phone",
  "mobile",
  "street",
  "zip",
  "city",
  "country",
  "company",
  "jobTitle",
  "website",
  "blog",
  "businessAddress",
  "businessPhone",
] as const;
const isOptionalBuyerField = (path: string) => OPTIONAL_BUYER_FIELDS.some((f) => path === `buyer.${f}`);

const blankTicket = (fields: ShopScopeData["participantFields"]): TicketValues => ({
  bookingOptions: [],
  participant: Object.fromEntries(fields.map((f) => [f.key, ""])),
});

function CheckoutForm({
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
  const schema = useMemo(() => checkoutSchema(fields), [fields]);
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
        // Field errors go on their fields (the hint below the summary points at them); others show here.
        const onFields = Object.keys(fieldErrorsOf(i18n, error)).filter((k) => k === "acceptTerms" || k.startsWith("buyer.") || /^tickets\.\d+\.participant\./.test(k));
        form.setServerErrors(error);
        if (onFields.some(isOptionalBuyerField)) setMoreOpen(true);
        setSubmitError(onFields.length > 0 ? null : describeError(i18n, error));
        if (code === "CART_CHANGED" || code === "SEATS_PER_TICKET") onRefresh();
      },
    }),
  );

  const values = form.getValues();
  const priced = priceOrder(
    tickets.map((tk, i) => ({
      priceCents: tk.category.priceCents,
      optionCents: (values.tickets[i]?.bookingOptions ?? []).flatMap((o) => {
        const option = tk.category.bookingOptions[o];
        return option ? [option.priceCents] : [];
      }),
      chargeable: tk.category.kind === "chargeable",
    })),
    scope.vatRateBp,
  );
  const money = (cents: number) => formatCents(cents, locale);
  const total = money(priced.amounts.totalCents);
  const percent = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", { style: "percent", maximumFractionDigits: 2 });
  const when = scope.startsAt
    ? new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "full", timeStyle: "short", timeZone: scope.timeZone }).format(scope.startsAt)
    : "";
  const countryNames = useMemo(() => new Intl.DisplayNames([locale], { type: "region" }), [locale]);
  const countries = useMemo(
    () => COUNTRY_CODES.map((c) => ({ value: c, label: countryNames.of(c) ?? c })).sort((a, b) => a.label.localeCompare(b.label, locale)),
    [countryNames, locale],
  );

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
  const genderProps = form.getInputProps("buyer.gender");
  const countryProps = form.getInputProps("buyer.country");
  const busy = checkout.isPending || redirecting;

  const submit = form.onSubmit(
    (v) => {
      setSubmitError(null);
      checkout.mutate({
        cart: credentials,
        idempotencyKey,
        locale,
        buyer: v.buyer,
        tickets: tickets.map((tk, i) => ({
          ticketCategoryId: tk.category.id,
          seatKeys: tk.seatKeys,
          areaId: tk.areaId,
          bookingOptions: v.tickets[i]?.bookingOptions ?? [],
          participant: Object.fromEntries(
            Object.entries(v.tickets[i]?.participant ?? {})
              .map(([k, value]) => [k, value.trim()] as const)
              .filter(([, value]) => value !== ""),
          ),
        })),
        acceptTerms: true,
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
              {when && <Text c="dimmed" size="sm">{when}</Text>}
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
                <Paper withBorder p="md">
                  <Title order={2} size="h4" mb="sm">
                    <Trans>Your details</Trans>
                  </Title>
                  <Stack gap="sm">
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput label={t`First name`} autoComplete="given-name" required key={form.key("buyer.firstName")} {...form.getInputProps("buyer.firstName")} />
                      <TextInput label={t`Last name`} autoComplete="family-name" required key={form.key("buyer.lastName")} {...form.getInputProps("buyer.lastName")} />
                    </SimpleGrid>
                    <TextInput
                      label={t`Email`}
                      description={t`Your tickets and the confirmation are sent to this address.`}
                      type="email"
                      autoComplete="email"
                      required
                      key={form.key("buyer.email")}
                      {...form.getInputProps("buyer.email")}
                    />
                    <div>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        px={0}
                        onClick={() => setMoreOpen((o) => !o)}
                        aria-expanded={moreOpen}
                        aria-controls="checkout-more-details"
                      >
                        {moreOpen ? t`Hide more details` : t`More details (optional)`}
                      </Button>
                    </div>
                    <Collapse expanded={moreOpen} id="checkout-more-details">
                      <SimpleGrid cols={{ base: 1, sm: 2 }}>
                        <TextInput label={t`Title`} autoComplete="honorific-prefix" key={form.key("buyer.title")} {...form.getInputProps("buyer.title")} />
                        <Select
                          label={t`Gender`}
                          clearable
                          data={[
                            { value: "female", label: t`Female` },
                            { value: "male", label: t`Male` },
                            { value: "diverse", label: t`Diverse` },
                            { value: "unspecified", label: t`Not specified` },
                          ]}
                          key={form.key("buyer.gender")}
                          {...genderProps}
                          value={(genderProps.value as string | undefined) ?? null}
                          onChange={(v) => genderProps.onChange(v ?? undefined)}
                        />
                        <TextInput label={t`Phone`} type="tel" autoComplete="tel" key={form.key("buyer.phone")} {...form.getInputProps("buyer.phone")} />
                        <TextInput label={t`Mobile`} type="tel" autoComplete="tel" key={form.key("buyer.mobile")} {...form.getInputProps("buyer.mobile")} />
                        <TextInput label={t`Street`} autoComplete="street-address" key={form.key("buyer.street")} {...form.getInputProps("buyer.street")} />
                        <SimpleGrid cols={2} spacing="xs">
                          <TextInput label={t`ZIP code`} autoComplete="postal-code" key={form.key("buyer.zip")} {...form.getInputProps("buyer.zip")} />
                          <TextInput label={t`City`} autoComplete="address-level2" key={form.key("buyer.city")} {...form.getInputProps("buyer.city")} />
                        </SimpleGrid>
                        <Select
                          label={t`Country`}
                          searchable
                          clearable
                          data={countries}
                          key={form.key("buyer.country")}
                          {...countryProps}
                          value={(countryProps.value as string | undefined) || null}
                          onChange={(v) => countryProps.onChange(v ?? "")}
                        />
                        <TextInput label={t`Company`} autoComplete="organization" key={form.key("buyer.company")} {...form.getInputProps("buyer.company")} />
                        <TextInput label={t`Job title`} autoComplete="organization-title" key={form.key("buyer.jobTitle")} {...form.getInputProps("buyer.jobTitle")} />
                        <TextInput label={t`Business phone`} type="tel" key={form.key("buyer.businessPhone")} {...form.getInputProps("buyer.businessPhone")} />
                        <TextInput label={t`Business address`} key={form.key("buyer.businessAddress")} {...form.getInputProps("buyer.businessAddress")} />
                        <TextInput label={t`Website`} type="url" placeholder="https://" key={form.key("buyer.website")} {...form.getInputProps("buyer.website")} />
                        <TextInput label={t`Blog`} type="url" placeholder="https://" key={form.key("buyer.blog")} {...form.getInputProps("buyer.blog")} />
                        <Checkbox
                          label={t`I have a disability and may need assistance`}
                          mt="xs"
                          key={form.key("buyer.handicap")}
                          {...form.getInputProps("buyer.handicap", { type: "checkbox" })}
                        />
                      </SimpleGrid>
                    </Collapse>
                  </Stack>
                </Paper>

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
              <Paper withBorder p="md" pos="sticky" top={16} data-testid="checkout-summary">
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    <Trans>Order summary</Trans>
                  </Title>
                  <Stack gap={4}>
                    <SummaryRow label={t`Tickets (${tickets.length})`} value={money(priced.amounts.ticketsCents)} />
                    {priced.amounts.optionsCents > 0 && <SummaryRow label={t`Booking options`} value={money(priced.amounts.optionsCents)} />}
                    {priced.amounts.feesCents > 0 && <SummaryRow label={t`Service fees`} value={money(priced.amounts.feesCents)} />}
                  </Stack>
                  <Divider />
                  <Group justify="space-between">
                    <Text fw={700}>
                      <Trans>Total</Trans>
                    </Text>
                    <Text fw={700} size="lg" data-testid="checkout-summary-total">
                      {total}
                    </Text>
                  </Group>
                  {priced.amounts.vat
                    .filter((v) => v.vatCents > 0)
                    .map((v) => {
                      const rate = percent.format(v.rateBp / 10000);
                      return <SummaryRow key={v.rateBp} dimmed label={t`Included VAT ${rate}`} value={money(v.vatCents)} />;
                    })}
                  <Checkbox
                    mt="xs"
                    required
                    label={
                      <Trans>
                        I accept the{" "}
                        <Anchor href="/agb" target="_blank" rel="noopener" inherit>
                          terms and conditions
                        </Anchor>
                        .
                      </Trans>
                    }
                    key={form.key("acceptTerms")}
                    {...form.getInputProps("acceptTerms", { type: "checkbox" })}
                  />
                  {(submitError || Object.keys(form.errors).length > 0) && (
                    <Alert color="red" variant="light" data-testid="checkout-error">
                      {submitError ?? t`Please check the highlighted fields.`}
                    </Alert>
                  )}
                  <Button type="submit" size="md" fullWidth loading={busy} disabled={incomplete} data-testid="checkout-submit">
                    {priced.amounts.totalCents === 0 ? t`Order free of charge` : t`Pay ${total}`}
                  </Button>
                  <Text size="xs" c="dimmed">
                    {priced.amounts.totalCents === 0 ? (
                      <Trans>Your tickets are sent to your email address right away.</Trans>
                    ) : (
                      <Trans>You will be taken to the payment page. Your tickets are sent to your email address once the payment is complete.</Trans>
                    )}
                  </Text>
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
        </Stack>
      </form>
    </Shell>
  );
}

function SummaryRow({ label, value, dimmed }: { label: string; value: string; dimmed?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c={dimmed ? "dimmed" : undefined}>
        {label}
      </Text>
      <Text size="sm" c={dimmed ? "dimmed" : undefined} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
    </Group>
  );
}

function TicketSection({
  index,
  ticket,
  fields,
  locale,
  form,
}: {
  index: number;
  ticket: CheckoutTicket;
  fields: ShopScopeData["participantFields"];
  locale: "de" | "en";
  form: ReturnType<typeof useZodForm<CheckoutValues>>;
}) {
  const { t } = useLingui();
  const number = index + 1;
  const category = ticket.category;
  const chosen = form.getValues().tickets[index]?.bookingOptions ?? [];
  const price = category.kind === "free" ? t`Free of charge` : formatCents(category.priceCents, locale);
  const toggle = (option: number, on: boolean) =>
    form.setFieldValue(
      `tickets.${index}.bookingOptions`,
      on ? [...chosen.filter((o) => o !== option), option].sort((a, b) => a - b) : chosen.filter((o) => o !== option),
    );
  return (
    <Paper withBorder p="md" data-testid="checkout-ticket">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={600}>
              <Trans>
                Ticket {number}: {category.name}
              </Trans>
            </Text>
            <Text size="sm" c="dimmed" data-testid="checkout-ticket-place">
              {ticket.places.length > 0 ? ticket.places.join(" · ") : t`General admission`}
            </Text>
          </Stack>
          <Text fw={600} style={{ whiteSpace: "nowrap" }}>
            {price}
          </Text>
        </Group>
        {category.bookingOptions.length > 0 && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              <Trans>Booking options</Trans>
            </Text>
            {category.bookingOptions.map((option, o) => (
              <Checkbox
                key={o}
                checked={chosen.includes(o)}
                onChange={(e) => toggle(o, e.currentTarget.checked)}
                label={`${option.name} (+${formatCents(option.priceCents, locale)})`}
                description={option.description ?? undefined}
              />
            ))}
          </Stack>
        )}
        {fields.length > 0 && (
          <Text size="sm" fw={500}>
            <Trans>Participant</Trans>
          </Text>
        )}
        {fields.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt={-6}>
            {fields.map((f) => (
              <TextInput
                key={form.key(`tickets.${index}.participant.${f.key}`)}
                label={f.label}
                required={f.required}
                {...form.getInputProps(`tickets.${index}.participant.${f.key}`)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
