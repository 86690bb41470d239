import { Badge, ColorSwatch, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { Trans, useLingui } from "@lingui/react/macro";
import "dayjs/locale/de";
import { useAllocationFormats } from "./formats";
import type { AllocationDate, AllocationSummary } from "./model";

type Props = {
  data: AllocationDate;
  resellerId: string | null;
  onReseller: (id: string | null) => void;
  colors: ReadonlyMap<string, string>;
  /** The chosen reseller's allocation on this date that still holds something. */
  allocation: AllocationSummary | undefined;
  returnAtWall: string | null;
  onReturnAt: (wall: string | null) => void;
  returnAtError: string | null;
};

/** The reseller everything on the screen is for, and when its unsold seats and places go back to public sale. */
export function ResellerControls({ data, resellerId, onReseller, colors, allocation, returnAtWall, onReturnAt, returnAtError }: Props) {
  const { t, i18n } = useLingui();
  const formats = useAllocationFormats();
  const reseller = data.resellers.find((r) => r.id === resellerId);
  const timeZone = data.timeZone;
  const end = formats.dateTime(data.endsAt, timeZone);
  const current = allocation ? formats.dateTime(allocation.returnAt, timeZone) : null;
  const color = resellerId ? colors.get(resellerId) : undefined;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Reseller</Trans>
        </Title>
        <Select
          label={t`Allocate to`}
          placeholder={t`Choose a reseller`}
          data={data.resellers.map(({ id, name, active }) => ({ value: id, label: active ? name : t`${name} (deactivated)` }))}
          value={resellerId}
          onChange={onReseller}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t`Nothing found.`}
          leftSection={color ? <ColorSwatch color={color} size={14} /> : undefined}
          data-testid="allocation-reseller"
        />
        {reseller && !reseller.active && (
          <Group gap="xs">
            <Badge color="gray.7">
              <Trans>Deactivated</Trans>
            </Badge>
            <Text size="xs" c="dimmed">
              <Trans>This reseller cannot sign in or sell until it is activated again.</Trans>
            </Text>
          </Group>
        )}
        {reseller && (
          <Text size="xs" c="dimmed">
            <Trans>Reseller prices:</Trans>{" "}
            {reseller.tickets
              .map((tk) => {
                const c = data.categories.find((x) => x.id === tk.ticketCategoryId);
                return c ? `${c.name} ${formats.money(tk.priceCents)}` : null;
              })
              .filter(Boolean)
              .join(" · ")}
          </Text>
        )}
        <DateTimePicker
          label={t`Return to public sale`}
          placeholder={current ?? t`At the end of the date`}
          description={
            current
              ? t`Time zone: ${timeZone}. Leave empty to keep ${current}.`
              : t`Time zone: ${timeZone}. Leave empty: at the end of the date (${end}).`
          }
          value={returnAtWall}
          onChange={(v) => onReturnAt(v || null)}
          valueFormat="DD.MM.YYYY HH:mm"
          locale={i18n.locale === "de" ? "de" : "en"}
          clearable
          error={returnAtError}
          data-testid="allocation-return-at"
        />
      </Stack>
    </Paper>
  );
}
