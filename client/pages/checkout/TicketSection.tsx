import { Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatCents } from "../../../shared/rules/money";
import type { ShopScopeData } from "../../components/Shop/model";
import type { CheckoutFormHandle, CheckoutTicket } from "./model";

export function TicketSection({
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
  form: CheckoutFormHandle;
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
