import { Paper } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { ContactForm } from "../../components/ContactForm";
import { Section } from "./Section";

export function ContactSection() {
  return (
    <Section
      id="contact"
      shaded
      title={<Trans>Contact us</Trans>}
      intro={
        <Trans>
          Tell us about your events and we will get back to you to show how you can sell your tickets with us.
        </Trans>
      }
    >
      <Paper withBorder shadow="xs" p={{ base: "md", sm: "xl" }} maw={820} w="100%" mx="auto">
        <ContactForm />
      </Paper>
    </Section>
  );
}
