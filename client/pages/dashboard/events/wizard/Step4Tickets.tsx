import { Accordion, ActionIcon, Alert, Badge, Button, ColorSwatch, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { formatCents } from "../../../../../shared/rules/money";
import { MAX_TICKET_CATEGORIES, newTicketCategory, type TTicketCategory } from "../../../../../shared/schemas/tickets";
import { describeError, fieldErrorsOf } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { useTRPC } from "../../../../lib/trpc";
import { StepActions, wantsClose } from "./StepActions";
import { CategoryFields } from "./tickets/CategoryFields";
import { useTicketsForm, useWording } from "./tickets/form";
import type { EventDetail, StepProps } from "./types";

/** Step 4 of the form: the ticket categories of an event, or the season tickets of a season. */
export function Step4Tickets(props: StepProps) {
  if (!props.detail) {
    return (
      <Alert color="yellow">
        <Trans>Save the event data in the first step before adding tickets.</Trans>
      </Alert>
    );
  }
  return <TicketsEditor {...props} detail={props.detail} />;
}

function TicketsEditor({ kind, detail, onDirtyChange, onSaved, onBack }: StepProps & { detail: EventDetail }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const wording = useWording(kind);
  const { event } = detail;
  const form = useTicketsForm(detail);
  const seatingCategories = detail.seatingCategories;
  const categories = form.getValues().categories;
  const [opened, setOpened] = useState<string[]>(() => (categories.length === 1 ? [categories[0]!.key] : []));
  const limit = (kind === "season" ? event.dailySeasonTicketLimit : event.dailyAttendeeLimit) ?? null;
  const timeZone = event.timeZone || "Europe/Berlin";

  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const save = useMutation(trpc.tickets.save.mutationOptions());

  /** Opens the categories that have an error, so the messages are visible. */
  const openWithErrors = (paths: string[]) => {
    const current = form.getValues().categories;
    const keys = paths.flatMap((path) => {
      const match = /^categories\.(\d+)\./.exec(path);
      const category = match ? current[Number(match[1])] : undefined;
      return category ? [category.key] : [];
    });
    if (keys.length > 0) setOpened((open) => [...new Set([...open, ...keys])]);
  };

  const submit = form.onSubmit(
    async (values, e) => {
      try {
        await save.mutateAsync({ eventId: event.id, categories: values.categories });
        form.resetDirty();
        onDirtyChange(false);
        onSaved({ eventId: event.id, close: wantsClose(e) });
      } catch (error) {
        if (form.setServerErrors(error)) openWithErrors(Object.keys(fieldErrorsOf(i18n, error)));
        else toast.error(describeError(i18n, error));
      }
    },
    (errors) => openWithErrors(Object.keys(errors)),
  );

  const add = () => {
    const category = newTicketCategory(crypto.randomUUID());
    form.insertListItem("categories", category);
    setOpened((open) => [...open, category.key]);
  };

  const remove = (index: number) => {
    const removed = categories[index];
    if (!removed) return;
    const apply = () => {
      form.removeListItem("categories", index);
      // A condition pointing at the removed category has to be chosen again.
      form.getValues().categories.forEach((other, i) => {
        if (other.conditionKey === removed.key) form.setFieldValue(`categories.${i}.conditionKey`, null);
      });
    };
    // A saved category is deleted when the step is saved; ask first. A new one just goes.
    if (!removed.id) {
      apply();
      return;
    }
    modals.openConfirmModal({
      title: wording.removeTitle,
      children: (
        <Text size="sm">
          <Trans>It is deleted when you save this step. Until then you can leave without saving to keep it.</Trans>
        </Text>
      ),
      labels: { confirm: t`Remove`, cancel: t`Cancel` },
      confirmProps: { color: "red" },
      onConfirm: apply,
    });
  };

  const labelOf = (c: TTicketCategory, i: number) => c.name.trim() || wording.untitled(i + 1);
  const listError = form.errors.categories;

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <div>
          <Title order={3} size="h4">
            {wording.title}
          </Title>
          <Text size="sm" c="dimmed">
            {wording.intro}
          </Text>
        </div>

        {listError && (
          <Alert color="red" role="alert">
            {listError}
          </Alert>
        )}

        {categories.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Stack align="center" gap="xs">
              <Text fw={600}>{wording.emptyTitle}</Text>
              <Text size="sm" c="dimmed" maw={480}>
                {wording.emptyText}
              </Text>
              <Button onClick={add} mt="xs">
                {wording.add}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <>
            <Accordion multiple value={opened} onChange={setOpened} variant="separated" chevronPosition="left">
              {categories.map((c, index) => {
                const label = labelOf(c, index);
                const hasError = Object.keys(form.errors).some((path) => path.startsWith(`categories.${index}.`));
                const quantity = typeof c.dailyQuantity === "number" ? c.dailyQuantity : null;
                const seatingCategory = seatingCategories?.find((s) => s.id === c.seatingCategoryId);
                const others = categories.flatMap((other, i) =>
                  i === index ? [] : [{ value: other.key, label: labelOf(other, i) }],
                );
                return (
                  <Accordion.Item key={c.key} value={c.key}>
                    <Group wrap="nowrap" gap={4} pr="xs">
                      <Accordion.Control style={{ flex: 1, minWidth: 0 }}>
                        <Group gap="xs" wrap="wrap">
                          <Text fw={600} truncate maw="100%">
                            {label}
                          </Text>
                          <Badge variant="light" color={c.kind === "free" ? "teal" : "blue"}>
                            {c.kind === "free" ? t`Free of charge` : formatCents(c.priceCents, i18n.locale)}
                          </Badge>
                          {seatingCategory && (
                            <Badge variant="outline" color="gray" leftSection={<ColorSwatch color={seatingCategory.color} size={10} />}>
                              {seatingCategory.name}
                            </Badge>
                          )}
                          {quantity !== null && (
                            <Text size="sm" c="dimmed">
                              {wording.quantitySummary(quantity)}
                            </Text>
                          )}
                          {hasError && (
                            <Badge color="red" variant="filled">
                              {t`Please check`}
                            </Badge>
                          )}
                        </Group>
                      </Accordion.Control>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t`Move ${label} up`}
                        title={t`Move up`}
                        disabled={index === 0}
                        onClick={() => form.reorderListItem("categories", { from: index, to: index - 1 })}
                      >
                        <span aria-hidden="true">↑</span>
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t`Move ${label} down`}
                        title={t`Move down`}
                        disabled={index === categories.length - 1}
                        onClick={() => form.reorderListItem("categories", { from: index, to: index + 1 })}
                      >
                        <span aria-hidden="true">↓</span>
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t`Remove ${label}`}
                        title={t`Remove`}
                        onClick={() => remove(index)}
                      >
                        <span aria-hidden="true">✕</span>
                      </ActionIcon>
                    </Group>
                    <Accordion.Panel>
                      {/* Only open categories mount their fields: a long list stays quick to type in. */}
                      {opened.includes(c.key) && (
                        <CategoryFields
                          form={form}
                          index={index}
                          wording={wording}
                          timeZone={timeZone}
                          others={others}
                          limit={limit}
                          seatingCategories={seatingCategories}
                        />
                      )}
                    </Accordion.Panel>
                  </Accordion.Item>
                );
              })}
            </Accordion>
            <div>
              <Button variant="light" onClick={add} disabled={categories.length >= MAX_TICKET_CATEGORIES}>
                {wording.add}
              </Button>
            </div>
          </>
        )}

        <StepActions onBack={onBack} loading={save.isPending} />
      </Stack>
    </form>
  );
}
