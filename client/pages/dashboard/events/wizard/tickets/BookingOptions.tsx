import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { MAX_BOOKING_OPTIONS } from "../../../../../../shared/schemas/tickets";
import type { TicketsForm } from "./form";
import { EuroInput } from "./inputs";

export function BookingOptions({ form, index }: { form: TicketsForm; index: number }) {
  const { t } = useLingui();
  const path = `categories.${index}.bookingOptions` as const;
  const options = form.getValues().categories[index]?.bookingOptions ?? [];
  const max = MAX_BOOKING_OPTIONS;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        <Trans>Extras buyers can add to this ticket, e.g. parking or a drink voucher (up to {max}).</Trans>
      </Text>
      {options.map((option, i) => {
        const position = i + 1;
        return (
          <Paper key={i} withBorder p="sm">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  <Trans>Booking option {position}</Trans>
                </Text>
                <Button variant="subtle" color="red" size="xs" onClick={() => form.removeListItem(path, i)}>
                  <Trans>Remove booking option {position}</Trans>
                </Button>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t`Name`} required {...form.getInputProps(`${path}.${i}.name`)} />
                <EuroInput
                  label={t`Price`}
                  description={t`0 € for an extra without surcharge.`}
                  cents={option.priceCents}
                  onCentsChange={(value) => form.setFieldValue(`${path}.${i}.priceCents`, value)}
                  error={form.errors[`${path}.${i}.priceCents`]}
                />
              </SimpleGrid>
              <Textarea
                label={t`Description`}
                autosize
                minRows={1}
                maxRows={4}
                value={option.description ?? ""}
                onChange={(e) => form.setFieldValue(`${path}.${i}.description`, e.currentTarget.value || null)}
                error={form.errors[`${path}.${i}.description`]}
              />
            </Stack>
          </Paper>
        );
      })}
      {form.errors[path] && (
        <Text size="sm" c="red" role="alert">
          {form.errors[path]}
        </Text>
      )}
      <div>
        <Button
          variant="light"
          size="xs"
          disabled={options.length >= MAX_BOOKING_OPTIONS}
          onClick={() => form.insertListItem(path, { name: "", priceCents: 0, description: null })}
        >
          <Trans>Add booking option</Trans>
        </Button>
      </div>
    </Stack>
  );
}
