import { Badge, Button, Group, Kbd, NumberInput, Paper, Select, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Dispatch, SetStateAction } from "react";
import { formatCents } from "../../../../shared/rules/money";
import type { CounterCategory, CounterScope } from "./model";

type StandingArea = NonNullable<CounterScope["layout"]>["blocks"][number];

/** The categories (1–9), the quantity (+/−) and "Best available" / "Add" (B). */
export function CategoryPanel({
  scope,
  categories,
  category,
  categoryAreas,
  chosenArea,
  quantity,
  setQuantity,
  setSelected,
  setAreaId,
  hasSeats,
  addChosen,
  busy,
  locked,
}: {
  scope: CounterScope;
  categories: CounterCategory[];
  category: CounterCategory | undefined;
  categoryAreas: StandingArea[];
  chosenArea: StandingArea | null;
  quantity: number;
  setQuantity: Dispatch<SetStateAction<number>>;
  setSelected: Dispatch<SetStateAction<number>>;
  setAreaId: Dispatch<SetStateAction<string | null>>;
  hasSeats: (c: CounterCategory) => boolean;
  addChosen: (mode?: "best" | "count") => void;
  busy: boolean;
  locked: boolean;
}) {
  const { t, i18n } = useLingui();
  const money = (c: number) => formatCents(c, i18n.locale);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs" id="counter-categories-title">
        <Trans>Categories</Trans>
      </Title>
      <Stack gap={4} role="radiogroup" aria-labelledby="counter-categories-title" id="counter-categories" tabIndex={-1}>
        {categories.length === 0 && (
          <Text size="sm" c="dimmed">
            <Trans>No ticket categories for this date.</Trans>
          </Text>
        )}
        {categories.map((c, i) => {
          const active = c.id === category?.id;
          const price = c.kind === "free" ? t`Free of charge` : money(c.priceCents);
          const left = c.remaining;
          return (
            <UnstyledButton
              key={c.id}
              role="radio"
              aria-checked={active}
              onClick={() => {
                setSelected(i);
                setAreaId(null);
              }}
              p={6}
              style={{ borderRadius: 6, border: `2px solid ${active ? "var(--mantine-color-blue-6)" : "var(--mantine-color-gray-3)"}`, background: active ? "var(--mantine-color-blue-0)" : undefined }}
              data-testid="counter-category"
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap">
                  {i < 9 && <Kbd size="xs">{i + 1}</Kbd>}
                  <Text size="sm" fw={600}>
                    {c.name}
                  </Text>
                  {c.appliesTo === "boxoffice" && (
                    <Badge size="xs" variant="light" color="grape">
                      {t`Box office only`}
                    </Badge>
                  )}
                </Group>
                <Stack gap={0} align="flex-end">
                  <Text size="sm" fw={600}>
                    {price}
                  </Text>
                  <Text size="xs" c={c.status !== "available" || left === 0 ? "red.8" : "dimmed"}>
                    {c.status === "sold_out" || left === 0 ? t`Sold out` : c.status === "available" ? t`${left} left` : c.status === "not_yet_on_sale" ? t`Not on sale yet` : t`Sale ended`}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
      {category && (
        <Group mt="sm" gap="xs" align="flex-end">
          <NumberInput
            label={t`Quantity (+/−)`}
            min={1}
            max={50}
            w={120}
            value={quantity}
            onChange={(v) => setQuantity(typeof v === "number" && v >= 1 ? v : 1)}
            clampBehavior="strict"
            allowDecimal={false}
            data-testid="quantity"
          />
          {hasSeats(category) && (
            <Button onClick={() => addChosen("best")} disabled={busy || locked} rightSection={<Kbd size="xs">B</Kbd>}>
              <Trans>Best available</Trans>
            </Button>
          )}
          {(!scope.layout || categoryAreas.length > 0) && (
            <>
              {categoryAreas.length > 1 && (
                <Select
                  label={t`Area`}
                  w={160}
                  allowDeselect={false}
                  value={chosenArea?.id ?? null}
                  data={categoryAreas.map((a) => ({ value: a.id, label: a.name }))}
                  onChange={setAreaId}
                />
              )}
              <Button variant={hasSeats(category) ? "light" : "filled"} onClick={() => addChosen("count")} disabled={busy || locked} rightSection={hasSeats(category) ? undefined : <Kbd size="xs">B</Kbd>}>
                {chosenArea && categoryAreas.length === 1 ? t`Add (${chosenArea.name})` : t`Add`}
              </Button>
            </>
          )}
        </Group>
      )}
    </Paper>
  );
}
