import { Button, Checkbox, Collapse, Paper, Select, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { COUNTRY_CODES } from "../../../shared/countries";
import type { CheckoutFormHandle } from "./model";

/** The buyer's name and email, and the optional details behind "More details". */
export function BuyerDetails({
  form,
  locale,
  moreOpen,
  onMoreOpenChange,
}: {
  form: CheckoutFormHandle;
  locale: "de" | "en";
  /** Open when an optional field has an error, so it shows. */
  moreOpen: boolean;
  onMoreOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const countryNames = useMemo(() => new Intl.DisplayNames([locale], { type: "region" }), [locale]);
  const countries = useMemo(
    () => COUNTRY_CODES.map((c) => ({ value: c, label: countryNames.of(c) ?? c })).sort((a, b) => a.label.localeCompare(b.label, locale)),
    [countryNames, locale],
  );
  const genderProps = form.getInputProps("buyer.gender");
  const countryProps = form.getInputProps("buyer.country");
  return (
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
            onClick={() => onMoreOpenChange(!moreOpen)}
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
  );
}
