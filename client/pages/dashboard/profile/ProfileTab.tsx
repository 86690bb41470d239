import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { Link } from "wouter";
import { COUNTRY_CODES } from "../../../../shared/countries";
import { type TOrganiserProfile, ZOrganiserProfile } from "../../../../shared/schemas/account";
import { PageLoader } from "../../../components/PageLoader";
import { useZodForm } from "../../../hooks/use-zod-form";
import { describeError } from "../../../lib/errors";
import { useUserInfo } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { LogoField } from "./profile/LogoField";

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

function ProfileForm({ initial }: { initial: TOrganiserProfile }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const organiserId = useUserInfo()?.user.organiserId;
  const form = useZodForm(ZOrganiserProfile, { mode: "controlled", initialValues: initial });
  const countryNames = useMemo(() => new Intl.DisplayNames([i18n.locale], { type: "region" }), [i18n.locale]);
  const save = useMutation(
    trpc.account.profile.save.mutationOptions({
      onSuccess: async () => {
        toast.success(t`Your profile is saved.`);
        form.resetDirty();
        await queryClient.invalidateQueries({ queryKey: trpc.account.profile.get.queryKey() });
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );
  const field = (name: keyof TOrganiserProfile) => form.getInputProps(name);
  const logoError = form.errors.logoUploadId;

  return (
    <form noValidate aria-label={t`Profile`} onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <Alert color="blue" variant="light">
          <Trans>
            Your public profile shows the organiser name, description, city, country, web and social links and the logo. Phone, address, VAT ID and
            tax number stay private.
          </Trans>{" "}
          {organiserId && (
            <Anchor component={Link} href={`~/profile/${organiserId}`} c="blue.9" fw={600} underline="always">
              <Trans>See public profile</Trans>
            </Anchor>
          )}
        </Alert>
        <Section title={<Trans>Account owner</Trans>}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t`First name`} autoComplete="given-name" required {...field("firstName")} />
            <TextInput label={t`Last name`} autoComplete="family-name" required {...field("lastName")} />
          </SimpleGrid>
        </Section>
        <Section title={<Trans>Organiser</Trans>}>
          <TextInput label={t`Organiser name`} autoComplete="organization" required {...field("organizerName")} />
          <Textarea label={t`Description`} autosize minRows={3} maxRows={12} maxLength={5000} {...field("description")} />
          <LogoField
            value={form.getValues().logoUploadId}
            onChange={(id) => form.setFieldValue("logoUploadId", id)}
            error={typeof logoError === "string" ? logoError : undefined}
          />
        </Section>
        <Section title={<Trans>Contact and tax</Trans>}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t`Phone`} type="tel" autoComplete="tel" {...field("phone")} />
            <TextInput label={t`VAT ID`} placeholder="DE123456789" {...field("vatId")} />
            <TextInput label={t`Tax number`} {...field("taxNumber")} />
          </SimpleGrid>
        </Section>
        <Section title={<Trans>Address</Trans>}>
          <TextInput label={t`Street and number`} autoComplete="street-address" {...field("address")} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t`ZIP code`} autoComplete="postal-code" {...field("zipCode")} />
            <TextInput label={t`City`} autoComplete="address-level2" {...field("city")} />
            <Select
              label={t`Country`}
              searchable
              clearable
              data={COUNTRY_CODES.map((c) => ({ value: c, label: countryNames.of(c) ?? c }))}
              {...field("country")}
            />
          </SimpleGrid>
        </Section>
        <Section title={<Trans>Website and social media</Trans>}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t`Website`} type="url" autoComplete="url" placeholder="https://" {...field("website")} />
            <TextInput label="Facebook" type="url" placeholder="https://facebook.com/…" {...field("facebookUrl")} />
            <TextInput label="Instagram" type="url" placeholder="https://instagram.com/…" {...field("instagramUrl")} />
            <TextInput label="YouTube" type="url" placeholder="https://youtube.com/…" {...field("youtubeUrl")} />
          </SimpleGrid>
        </Section>
        <Text size="xs" c="dimmed">
          <Trans>Fields marked with * are required.</Trans>
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending}>
            <Trans>Save profile</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Profile tab: every organiser field of SPEC §3, the owner's names and the logo. */
export default function ProfileTab() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const profile = useQuery(trpc.account.profile.get.queryOptions());
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert color="red">{describeError(i18n, profile.error)}</Alert>;
  return <ProfileForm initial={profile.data} />;
}
