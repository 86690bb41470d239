import { Badge, Button, Collapse, Flex, Group, Paper, SegmentedControl, Select, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef, useState } from "react";
import { COUNTER_PAYMENT_METHODS, type CounterPaymentMethod } from "../../../../../shared/schemas/boxoffice";
import { appCodeOf, describeError, fieldErrorsOf } from "../../../../lib/errors";
import { useTRPCClient } from "../../../../lib/trpc";
import { Scanner } from "../../../staff/door/Scanner";
import { centsInput, parseEuros } from "../../boxoffice/model";
import { EurosField } from "../../boxoffice/shifts";
import { PAYMENT_METHOD_LABELS } from "../../orders/labels";
import { outcomeColour, rangeSize, ticketState, type HardTicket, type Outcome } from "./model";
import { BADGE, OutcomePanel, StateBadge, TicketFacts } from "./TicketCard";

type Mode = "single" | "range";
type Recent = { key: number; reference: string; colour: ReturnType<typeof outcomeColour>; label: string };

const RECENT_MAX = 8;

/**
 * /dashboard/print/activation (printAreaAccess, issue 20, decision 021): printed hard tickets
 * are activated by scanning their code, like the check-in page: the phone's camera, a hand
 * scanner typing the code and Enter into the code field (which keeps the focus), or the printed
 * reference typed by hand. One ticket at a time (optionally sold now: payment method and price,
 * the face value unless another is typed), or a range of one run: scan the first and the last.
 */
export function ActivationPage() {
  const { t, i18n } = useLingui();
  const client = useTRPCClient();
  const field = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<Mode>("single");
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [soldNow, setSoldNow] = useState(false);
  const [method, setMethod] = useState<CounterPaymentMethod>("cash");
  const [price, setPrice] = useState("");
  const [first, setFirst] = useState<HardTicket | null>(null);
  const [last, setLast] = useState<HardTicket | null>(null);
  const [recent, setRecent] = useState<Recent[]>([]);
  const counter = useRef(0);
  const resultBox = useRef<HTMLDivElement>(null);

  const priceCents = price.trim() === "" ? null : parseEuros(price, i18n.locale);
  const priceInvalid = soldNow && price.trim() !== "" && priceCents === null;

  const focusField = () => window.setTimeout(() => field.current?.focus(), 0);
  useEffect(() => {
    field.current?.focus();
  }, [mode]);
  // A result below the camera or the form is brought into sight (a phone's screen is short).
  useEffect(() => {
    if (outcome) resultBox.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [outcome]);

  const remember = useCallback((reference: string, o: Outcome, label: string) => {
    counter.current++;
    const entry = { key: counter.current, reference, colour: outcomeColour(o), label };
    setRecent((r) => [entry, ...r].slice(0, RECENT_MAX));
  }, []);

  const refuse = useCallback(
    (err: unknown, reference: string) => {
      const message = fieldErrorsOf(i18n, err).code ?? describeError(i18n, err);
      const o: Outcome = { kind: "error", message, code: appCodeOf(err) };
      setOutcome(o);
      remember(reference, o, t`Refused`);
    },
    [i18n, remember, t],
  );

  /** One ticket: activated at once (sold with the method and the price, else handed out). */
  const activate = useCallback(
    async (value: string) => {
      if (priceInvalid) return;
      setWorking(true);
      try {
        let sale: { paymentMethod: CounterPaymentMethod; priceCents: number } | undefined;
        if (soldNow) {
          // No price typed: the ticket's face value.
          const cents = priceCents ?? (await client.hardTickets.lookup.query({ code: value })).priceCents;
          sale = { paymentMethod: method, priceCents: cents };
        }
        const r = await client.hardTickets.activate.mutate({ code: value, ...(sale ? { sale } : {}) });
        const o: Outcome = r.alreadyActive ? { kind: "already", ticket: r } : { kind: "activated", ticket: r };
        setOutcome(o);
        remember(r.reference, o, r.alreadyActive ? t`Already activated` : r.sale ? t`Activated and sold` : t`Activated`);
        setPrice("");
      } catch (err) {
        refuse(err, value.length > 24 ? `${value.slice(0, 12)}…` : value);
      } finally {
        setWorking(false);
        focusField();
      }
    },
    [client, method, priceCents, priceInvalid, refuse, remember, soldNow, t],
  );

  /** Only shows the ticket and its state. */
  const check = useCallback(
    async (value: string) => {
      setWorking(true);
      try {
        const ticket = await client.hardTickets.lookup.query({ code: value });
        setOutcome({ kind: "looked", ticket });
        if (soldNow && price.trim() === "") setPrice(centsInput(ticket.priceCents, i18n.locale));
      } catch (err) {
        refuse(err, value);
      } finally {
        setWorking(false);
        focusField();
      }
    },
    [client, i18n.locale, price, refuse, soldNow],
  );

  /** Range mode: the first scan sets the start, the next one the end (of the same run). */
  const pick = useCallback(
    async (value: string) => {
      setWorking(true);
      try {
        const ticket = await client.hardTickets.lookup.query({ code: value });
        if (!first || last) {
          setFirst(ticket);
          setLast(null);
          setOutcome(null);
        } else if (ticket.runId !== first.runId) {
          // Checked here at once (the server checks it again): the first ticket stays chosen.
          const o: Outcome = { kind: "error", message: t`The first and the last ticket of a range must be of the same print run.`, code: "HARD_TICKET_RANGE" };
          setOutcome(o);
          remember(ticket.reference, o, t`Refused`);
        } else {
          setLast(ticket);
          setOutcome(null);
        }
      } catch (err) {
        refuse(err, value);
      } finally {
        setWorking(false);
        focusField();
      }
    },
    [client, first, last, refuse, remember, t],
  );

  const activateRange = useCallback(async () => {
    if (!first || !last) return;
    setWorking(true);
    try {
      const result = await client.hardTickets.activateRange.mutate({ fromCode: first.reference, toCode: last.reference });
      const o: Outcome = { kind: "range", result, first, last };
      setOutcome(o);
      remember(`${first.reference} – ${last.reference}`, o, t`${result.activated} activated`);
      setFirst(null);
      setLast(null);
    } catch (err) {
      refuse(err, `${first.reference} – ${last.reference}`);
    } finally {
      setWorking(false);
      focusField();
    }
  }, [client, first, last, refuse, remember, t]);

  const submit = (value: string) => {
    const v = value.trim();
    if (!v) {
      setCodeError(t`Scan a code or type a ticket reference.`);
      return;
    }
    setCodeError(null);
    setCode("");
    if (mode === "range") void pick(v);
    else void activate(v);
  };

  // The camera's loop keeps one handler: it calls the latest submit.
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const onCamera = useCallback((scanned: string) => submitRef.current(scanned), []);
  const size = first && last ? rangeSize(first, last) : null;

  return (
    <Stack maw={760}>
      <div>
        <Title order={1} size="h2">
          <Trans>Activation</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Printed hard tickets are valid at the door only once activated. Scan a ticket's QR code, or type the reference printed under it.</Trans>
        </Text>
      </div>

      <SegmentedControl
        value={mode}
        onChange={(v) => {
          setMode(v as Mode);
          setOutcome(null);
          setFirst(null);
          setLast(null);
        }}
        data={[
          { value: "single", label: t`One by one` },
          { value: "range", label: t`Whole range` },
        ]}
        aria-label={t`How to activate`}
        data-testid="activation-mode"
      />

      <Paper withBorder p="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit(code);
          }}
        >
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              {mode === "single" ? (
                <Trans>Scan or type a ticket: it is activated at once.</Trans>
              ) : !first ? (
                <Trans>Step 1: scan the first ticket of the range.</Trans>
              ) : !last ? (
                <Trans>Step 2: scan the last ticket of the range.</Trans>
              ) : (
                <Trans>Activate the range below, or scan a ticket to start a new range.</Trans>
              )}
            </Text>
            <Flex direction={{ base: "column", xs: "row" }} align={{ base: "stretch", xs: "flex-end" }} gap="xs">
              <TextInput
                ref={field}
                style={{ flex: 1 }}
                size="lg"
                label={t`Code or ticket reference`}
                placeholder={t`e.g. K7M2-X9QD-1`}
                value={code}
                onChange={(e) => {
                  setCode(e.currentTarget.value);
                  setCodeError(null);
                }}
                error={codeError}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                data-testid="activation-code-input"
                styles={{ error: { color: "var(--mantine-color-red-9)" } }}
              />
              <Button type="submit" size="lg" loading={working} disabled={mode === "single" && priceInvalid} data-testid="activation-submit">
                {mode === "single" ? <Trans>Activate</Trans> : <Trans>Select</Trans>}
              </Button>
            </Flex>
            {mode === "single" && (
              <>
                <Group gap="xs">
                  <Button variant="default" size="sm" disabled={working || !code.trim()} onClick={() => void check(code.trim())} data-testid="activation-check">
                    <Trans>Only show the ticket</Trans>
                  </Button>
                </Group>
                <Switch
                  checked={soldNow}
                  onChange={(e) => setSoldNow(e.currentTarget.checked)}
                  label={t`Sold now (at the box office)`}
                  description={t`Records the sale with its payment method and price.`}
                  data-testid="activation-sold"
                />
                <Collapse expanded={soldNow}>
                  <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
                    <Select
                      label={t`Payment method`}
                      value={method}
                      onChange={(v) => v && setMethod(v as CounterPaymentMethod)}
                      data={COUNTER_PAYMENT_METHODS.map((m) => ({ value: m, label: i18n._(PAYMENT_METHOD_LABELS[m]) }))}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: true }}
                      style={{ minWidth: 160 }}
                      data-testid="activation-method"
                    />
                    <div style={{ minWidth: 160 }}>
                      <EurosField
                        label={t`Price`}
                        value={price}
                        onChange={setPrice}
                        testId="activation-price"
                        error={priceInvalid ? t`Enter an amount in euros, e.g. ${centsInput(2500, i18n.locale)}.` : null}
                      />
                      <Text size="xs" c="dimmed" mt={4}>
                        <Trans>Empty: the ticket's face value.</Trans>
                      </Text>
                    </div>
                  </Group>
                </Collapse>
              </>
            )}
            <Scanner onCode={onCamera} paused={working} />
          </Stack>
        </form>
      </Paper>

      {mode === "range" && first && (
        <Paper withBorder p="sm" data-testid="activation-range">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={700}>
                <Trans>First ticket: {first.reference}</Trans>
              </Text>
              <StateBadge state={ticketState(first)} />
            </Group>
            <TicketFacts ticket={first} />
            {last && (
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700}>
                  <Trans>Last ticket: {last.reference}</Trans>
                </Text>
                <StateBadge state={ticketState(last)} />
              </Group>
            )}
            <Group gap="xs">
              {last && (
                <Button size="md" onClick={() => void activateRange()} loading={working} data-testid="activation-range-submit">
                  {size !== null ? <Plural value={size} one="Activate # ticket" other="Activate # tickets" /> : <Trans>Activate the range</Trans>}
                </Button>
              )}
              <Button
                variant="default"
                size="md"
                onClick={() => {
                  setFirst(null);
                  setLast(null);
                  focusField();
                }}
              >
                <Trans>Start again</Trans>
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      <div ref={resultBox}>{outcome && <OutcomePanel outcome={outcome} onActivate={mode === "single" ? (reference) => void activate(reference) : undefined} />}</div>

      {recent.length > 0 && (
        <Paper withBorder p="sm">
          <Text size="sm" fw={600} mb={4}>
            <Trans>This session</Trans>
          </Text>
          <Stack gap={4} data-testid="activation-recent">
            {recent.map((r) => (
              <Group key={r.key} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {r.reference}
                </Text>
                <Badge color={BADGE[r.colour]} c={r.colour === "yellow" ? "dark" : undefined} variant="filled" style={{ flexShrink: 0, maxWidth: "60%" }}>
                  {r.label}
                </Badge>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
