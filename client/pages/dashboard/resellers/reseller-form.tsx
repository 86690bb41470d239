import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Badge, Button, Group, Paper, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link, useLocation } from "wouter";
import { COUNTRY_CODES } from "../../../../shared/countries";
import { PageLoader } from "../../../components/PageLoader";
import { useZodForm } from "../../../hooks/use-zod-form";
import { describeError } from "../../../lib/errors";
import { confirmLeave, setLeaveGuard } from "../../../lib/leave-guard";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { PasswordRules, ResetPasswordModal, useResellerStatus } from "./actions";
import { AssignedEventsField } from "./events-field";
import { createInput, emptyReseller, type ResellerFormValues, resellerFormSchema, updateInput, valuesOf } from "./form-model";
import { type ResellerOption, resellerPaths, type StoredReseller, useRefreshResellers } from "./use-resellers";

const createSchema = resellerFormSchema("create");
const updateSchema = resellerFormSchema("update");

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Moves the keyboard focus to the first field with an error. */
function focusFirstError(root: HTMLElement | null) {
  window.setTimeout(() => root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}

/** The reseller form (SPEC §3 fields, §5 rules): new (`stored` undefined) or an existing reseller. */
function ResellerForm({ options, stored }: { options: readonly ResellerOption[]; stored?: StoredReseller }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshResellers();
  const [, navigate] = useLocation();
  const status = useResellerStatus();
  const [resetting, setResetting] = useState(false);
  const form = useZodForm<ResellerFormValues>(stored ? updateSchema : createSchema, {
    mode: "controlled",
    initialValues: stored ? valuesOf(stored) : emptyReseller(),
  });
  const dirty = form.isDirty();
  useEffect(() => setLeaveGuard(dirty), [dirty]);
  useEffect(() => () => setLeaveGuard(false), []);
  const countryNames = useMemo(() => new Intl.DisplayNames([i18n.locale], { type: "region" }), [i18n.locale]);
  const countries = useMemo(
    () => COUNTRY_CODES.map((c) => ({ value: c, label: countryNames.of(c) ?? c })).sort((a, b) => a.label.localeCompare(b.label, i18n.locale)),
    [countryNames, i18n.locale],
  );

  const onSaved = async (message: string) => {
    setLeaveGuard(false);
    toast.success(message);
    await refresh();
    navigate(resellerPaths.list);
  };
  const onError = (error: unknown) => {
    form.setServerErrors(error);
    focusFirstError(document.querySelector<HTMLElement>("form[data-reseller-form]"));
  };
  const create = useMutation(trpc.resellerManage.create.mutationOptions({ onError }));
  const update = useMutation(trpc.resellerManage.update.mutationOptions({ onError }));
  const saving = create.isPending || update.isPending;
  const failed = create.error ?? update.error;
  const submit = form.onSubmit(
    (values) => {
      const { name, email } = values;
      if (stored) update.mutate(updateInput(stored.id, values), { onSuccess: () => void onSaved(t`${name} is saved.`) });
      else create.mutate(createInput(values), { onSuccess: () => void onSaved(t`${name} can now log in with ${email}.`) });
    },
    (_errors, _values, event) => focusFirstError((event?.currentTarget as HTMLElement | undefined) ?? null),
  );
  const field = (name: Exclude<keyof ResellerFormValues, "events">) => form.getInputProps(name);
  const ref = stored ? { id: stored.id, name: stored.name } : null;

  return (
    <form onSubmit={submit} noValidate aria-label={t`Reseller`} data-reseller-form>
      <Stack>
        <Section title={<Trans>Reseller</Trans>}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t`Name`} description={t`The shop or person selling, as buyers and your orders list see it.`} required data-autofocus {...field("name")} />
            <TextInput label={t`Mobile`} type="tel" autoComplete="off" required {...field("mobile")} />
          </SimpleGrid>
        </Section>
        <Section title={<Trans>Address</Trans>}>
          <TextInput label={t`Street and number`} autoComplete="off" required {...field("address")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t`ZIP code`} autoComplete="off" required {...field("zip")} />
            <TextInput label={t`City`} autoComplete="off" required {...field("city")} />
            <TextInput label={t`State or region`} autoComplete="off" required {...field("state")} />
            <Select label={t`Country`} searchable required allowDeselect={false} data={countries} {...field("country")} />
          </SimpleGrid>
        </Section>
        <Section title={<Trans>Login details</Trans>}>
          <TextInput
            label={t`Email`}
            description={t`The reseller logs in with this address.`}
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...field("email")}
          />
          {stored ? (
            <Group>
              <Button variant="default" onClick={() => setResetting(true)}>
                <Trans>Reset password</Trans>
              </Button>
            </Group>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput label={t`Password`} description={<PasswordRules />} autoComplete="new-password" required {...field("password")} />
              <PasswordInput label={t`Confirm password`} autoComplete="new-password" required {...field("confirmPassword")} />
            </SimpleGrid>
          )}
        </Section>
        <Paper withBorder p="md">
          <AssignedEventsField form={form} options={options} stored={stored} />
        </Paper>
        {failed && (
          <Alert color="red" role="alert" title={t`Nothing was saved`}>
            {describeError(i18n, failed)}
          </Alert>
        )}
        <Group justify="space-between">
          {stored && ref ? (
            stored.active ? (
              <Button variant="subtle" color="red" onClick={() => status.deactivate(ref)} loading={status.busy}>
                <Trans>Deactivate</Trans>
              </Button>
            ) : (
              <Button variant="subtle" onClick={() => status.activate(ref)} loading={status.busy}>
                <Trans>Activate</Trans>
              </Button>
            )
          ) : (
            <span />
          )}
          <Group>
            <Button variant="default" onClick={() => confirmLeave(i18n, () => navigate(resellerPaths.list))} disabled={saving}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={saving}>
              {stored ? <Trans>Save</Trans> : <Trans>Create reseller</Trans>}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ResetPasswordModal reseller={resetting ? ref : null} onClose={() => setResetting(false)} />
    </form>
  );
}

function BackLink() {
  return (
    <Anchor component={Link} href={resellerPaths.list} size="sm">
      <Trans>← All resellers</Trans>
    </Anchor>
  );
}

/** /dashboard/resellers/new */
export function NewResellerPage() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const options = useQuery(trpc.resellerManage.options.queryOptions());
  return (
    <Stack>
      <BackLink />
      <Title order={1} size="h2">
        <Trans>New reseller</Trans>
      </Title>
      {options.isPending && <PageLoader />}
      {options.isError && <Alert color="red">{describeError(i18n, options.error)}</Alert>}
      {options.data && <ResellerForm options={options.data} />}
    </Stack>
  );
}

/** /dashboard/resellers/{id} */
export function EditResellerPage({ id }: { id: string }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const options = useQuery(trpc.resellerManage.options.queryOptions());
  const reseller = useQuery(trpc.resellerManage.get.queryOptions({ id }));
  const error = options.error ?? reseller.error;
  const name = reseller.data?.name ?? "";
  return (
    <Stack>
      <BackLink />
      <Group gap="sm">
        <Title order={1} size="h2">
          {reseller.data ? <Trans>Edit reseller {name}</Trans> : <Trans>Edit reseller</Trans>}
        </Title>
        {reseller.data && (
          <Badge color={reseller.data.active ? "teal.9" : "gray.7"}>{reseller.data.active ? <Trans>Activated</Trans> : <Trans>Deactivated</Trans>}</Badge>
        )}
      </Group>
      {error && <Alert color="red">{describeError(i18n, error)}</Alert>}
      {(options.isPending || reseller.isPending) && !error && <PageLoader />}
      {options.data && reseller.data && <ResellerForm key={reseller.data.id} options={options.data} stored={reseller.data} />}
      {reseller.data && (
        <Text size="xs" c="dimmed">
          <Trans>Changes to the tickets hold from the reseller's next sale on.</Trans>
        </Text>
      )}
    </Stack>
  );
}
