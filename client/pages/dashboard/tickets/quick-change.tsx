import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Group, Modal, NumberInput, Radio, Select, Stack, Text } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import "dayjs/locale/de";
import { useRef, useState } from "react";
import { Link } from "wouter";
import { VE } from "../../../../shared/schemas/event-messages";
import { ZMyTicketUpdateInput } from "../../../../shared/schemas/my-tickets";
import { dateToZonedWallTime, zonedWallTimeToDate } from "../../../../shared/rules/zoned";
import { useZodForm } from "../../../hooks/use-zod-form";
import { describeError, translateFieldMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { asDate, EuroInput } from "../events/wizard/tickets/inputs";
import { type TicketRow, ticketsStepHref, useTicketTexts } from "./labels";

type Props = { row: TicketRow | null; onClose: () => void; canEditEvent: boolean };

/**
 * The quick change of one category (issue 22 item 2, decision 026): price for future sales,
 * daily quantity, sale end and visibility, the changes that stay fair after sales started.
 * Everything else is the tickets step's, which the link opens.
 */
export function QuickChangeModal({ row, onClose, canEditEvent }: Props) {
  const { t } = useLingui();
  const phone = useMediaQuery("(max-width: 36em)");
  // The title keeps the last row's name while the modal closes.
  const last = useRef(row);
  if (row) last.current = row;
  const name = last.current?.name ?? "";
  return (
    <Modal opened={row !== null} onClose={onClose} title={t`Quick change: ${name}`} size="lg" fullScreen={phone === true}>
      {row && <QuickChangeForm key={row.id} row={row} onClose={onClose} canEditEvent={canEditEvent} />}
    </Modal>
  );
}

function QuickChangeForm({ row, onClose, canEditEvent }: { row: TicketRow; onClose: () => void; canEditEvent: boolean }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const texts = useTicketTexts();
  const timeZone = row.event.timeZone;
  const form = useZodForm(ZMyTicketUpdateInput, {
    mode: "controlled",
    initialValues: {
      ticketCategoryId: row.id,
      ...(row.kind === "chargeable" ? { priceCents: row.priceCents } : {}),
      dailyQuantity: row.dailyQuantity,
      saleEndAt: row.saleEndAt,
      visibility: row.visibility,
    },
  });
  const [endMode, setEndMode] = useState<"event_end" | "at">(row.saleEndAt ? "at" : "event_end");
  const [failure, setFailure] = useState<string | null>(null);
  const update = useMutation(
    trpc.myTickets.update.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.changed.length > 0 ? t`The ticket is changed.` : t`Nothing to change: everything was as saved.`);
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.myTickets.list.pathKey() });
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) setFailure(describeError(i18n, error));
      },
    }),
  );
  const values = form.getValues();
  // The least a date needs: what the busiest date sold and holds (the server checks it again under its lock).
  const least = Math.max(1, ...row.dates.map((d) => d.sold + d.held));
  const soldTickets = row.sold;
  const condition = row.conditionCategoryName;
  const limit = row.saleEndLimit;
  const latest = limit ? texts.dateTime(limit, row) : null;
  const saleEnd = asDate(values.saleEndAt);
  const dateFormat = i18n.locale === "de" ? "DD.MM.YYYY HH:mm" : "DD/MM/YYYY HH:mm";

  const submit = form.onSubmit((v) => {
    setFailure(null);
    if (endMode === "at" && !asDate(v.saleEndAt)) {
      form.setFieldError("saleEndAt", translateFieldMessage(i18n, VE.saleEndRequired));
      return;
    }
    // The server decides under its lock; what this page already knows is said at once.
    if (v.dailyQuantity !== undefined && v.dailyQuantity < least) {
      form.setFieldError("dailyQuantity", translateFieldMessage(i18n, "TICKET_QUANTITY_BELOW_SOLD"));
      return;
    }
    update.mutate({ ...v, saleEndAt: endMode === "at" ? asDate(v.saleEndAt) : null });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {row.event.name} · {texts.eventDates(row)}
        </Text>
        {soldTickets > 0 && (
          <Alert color="blue" variant="light">
            <Plural
              value={soldTickets}
              one="# ticket is already sold. It keeps its price; changes apply to sales from now on and show in the shop at once."
              other="# tickets are already sold. They keep their price; changes apply to sales from now on and show in the shop at once."
            />
          </Alert>
        )}
        {row.kind === "chargeable" ? (
          <EuroInput
            label={t`Price (EUR)`}
            description={t`For tickets sold from now on.`}
            required
            cents={values.priceCents ?? 0}
            onCentsChange={(cents) => form.setFieldValue("priceCents", cents)}
            error={form.errors.priceCents}
          />
        ) : (
          <Text size="sm">
            <Trans>A free ticket has no price. Its type is changed in the tickets step.</Trans>
          </Text>
        )}
        <NumberInput
          label={t`Quantity per date`}
          description={least > 1 ? t`At least ${least}: what the busiest date has sold or holds in carts.` : t`Tickets for each date.`}
          required
          min={1}
          max={1_000_000}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("dailyQuantity")}
        />
        <Radio.Group
          label={t`Sale end`}
          value={endMode}
          onChange={(v) => {
            setEndMode(v as "event_end" | "at");
            // A date to start from: when it ends now.
            if (v === "at" && !asDate(form.getValues().saleEndAt) && row.saleEnd) form.setFieldValue("saleEndAt", row.saleEnd);
          }}
        >
          <Stack gap={6} mt={6}>
            <Radio value="event_end" label={t`When the event ends`} />
            <Radio value="at" label={t`On a date`} />
          </Stack>
        </Radio.Group>
        {endMode === "at" && (
          <DateTimePicker
            label={t`Sale ends on`}
            description={latest ? t`In the event's time zone (${timeZone}), no later than ${latest}.` : t`In the event's time zone (${timeZone}).`}
            required
            clearable
            locale={i18n.locale === "de" ? "de" : "en"}
            valueFormat={dateFormat}
            value={saleEnd ? dateToZonedWallTime(saleEnd, timeZone) : null}
            onChange={(v) => form.setFieldValue("saleEndAt", v ? zonedWallTimeToDate(v, timeZone) : null)}
            minDate={row.saleStart ? dateToZonedWallTime(row.saleStart, timeZone) : undefined}
            maxDate={limit ? dateToZonedWallTime(limit, timeZone) : undefined}
            error={form.errors.saleEndAt}
            popoverProps={{ withinPortal: true }}
          />
        )}
        <Select
          label={t`Visibility`}
          description={condition ? t`When buyers see this ticket.` : t`To show it only with another ticket, choose that ticket in the tickets step.`}
          allowDeselect={false}
          data={[
            { value: "always", label: t`Always` },
            { value: "with_other_selected", label: condition ? t`Only when ${condition} is selected` : t`Only when another ticket is selected`, disabled: !condition },
          ]}
          {...form.getInputProps("visibility")}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="space-between" mt="sm">
          {canEditEvent ? (
            <Anchor component={Link} href={ticketsStepHref(row)} size="sm">
              <Trans>Edit all ticket settings</Trans>
            </Anchor>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={update.isPending}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
