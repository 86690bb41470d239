import { Button, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from "@mantine/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { INDUSTRIES, MESSAGE_MAX, ZContactInput } from "../../../shared/schemas/contact";
import { useZodForm } from "../../hooks/use-zod-form";
import { describeError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

const INDUSTRY_LABELS: Record<(typeof INDUSTRIES)[number], MessageDescriptor> = {
  events: msg`Events & Concerts`,
  music_theatre: msg`Music Theatre`,
  sports_health: msg`Sports & Health`,
  leisure_travel: msg`Leisure & Travel`,
  fairs_exhibitions: msg`Trade Fairs & Exhibitions`,
  other: msg`Other`,
};

const INITIAL_VALUES = {
  firstName: "",
  lastName: "",
  phone: "",
  email: "",
  industry: undefined,
  websiteUrl: "",
  ticketsPerYear: undefined,
  referralSource: "",
  message: "",
};

/** SPEC §3 contact form: sends a request to the team through `contact.submit`. */
export function ContactForm() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const form = useZodForm(ZContactInput, { mode: "uncontrolled", initialValues: INITIAL_VALUES });
  const submit = useMutation(
    trpc.contact.submit.mutationOptions({
      onSuccess: () => {
        toast.success(t`Thank you! We received your message and will get back to you soon.`);
        form.reset();
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );
  const industryProps = form.getInputProps("industry");
  const ticketsProps = form.getInputProps("ticketsPerYear");

  return (
    <form noValidate aria-label={t`Contact form`} onSubmit={form.onSubmit((values) => submit.mutate(values))}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`First name`} autoComplete="given-name" required key={form.key("firstName")} {...form.getInputProps("firstName")} />
          <TextInput label={t`Last name`} autoComplete="family-name" required key={form.key("lastName")} {...form.getInputProps("lastName")} />
          <TextInput label={t`Email`} type="email" autoComplete="email" required key={form.key("email")} {...form.getInputProps("email")} />
          <TextInput label={t`Phone`} type="tel" autoComplete="tel" key={form.key("phone")} {...form.getInputProps("phone")} />
          <Select
            label={t`Industry`}
            placeholder={t`Choose your industry`}
            clearable
            data={INDUSTRIES.map((value) => ({ value, label: i18n._(INDUSTRY_LABELS[value]) }))}
            key={form.key("industry")}
            {...industryProps}
            // Clearing gives null; the schema wants the field left out.
            onChange={(value) => industryProps.onChange(value ?? undefined)}
          />
          <TextInput
            label={t`Website`}
            type="url"
            autoComplete="url"
            placeholder="https://"
            key={form.key("websiteUrl")}
            {...form.getInputProps("websiteUrl")}
          />
          <NumberInput
            label={t`Tickets sold per year`}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={i18n.locale === "de" ? "." : ","}
            decimalSeparator={i18n.locale === "de" ? "," : "."}
            key={form.key("ticketsPerYear")}
            {...ticketsProps}
            // An emptied field gives ""; the schema wants a number or nothing.
            onChange={(value) => ticketsProps.onChange(typeof value === "number" ? value : undefined)}
          />
          <TextInput
            label={t`How did you hear about us?`}
            key={form.key("referralSource")}
            {...form.getInputProps("referralSource")}
          />
        </SimpleGrid>
        <Textarea
          label={t`Message`}
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={MESSAGE_MAX}
          key={form.key("message")}
          {...form.getInputProps("message")}
        />
        <Text size="xs" c="dimmed">
          <Trans>Fields marked with * are required.</Trans>
        </Text>
        <Button type="submit" loading={submit.isPending} style={{ alignSelf: "flex-start" }}>
          <Trans>Send message</Trans>
        </Button>
      </Stack>
    </form>
  );
}
