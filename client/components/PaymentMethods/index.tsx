import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

/**
 * The online payment methods buyers can use (SPEC §9: PayPal, Apple and Google Pay, Klarna,
 * credit card), offered by Stripe Checkout (decision 028). Brand names are not translated.
 */
export const ONLINE_PAYMENT_METHODS = ["PayPal", "Apple Pay", "Google Pay", "Klarna", "Visa", "Mastercard", "American Express"] as const;

export function PaymentMethods({ heading = true }: { heading?: boolean }) {
  return (
    <Stack gap="xs" align="center" ta="center" data-testid="payment-methods">
      {heading && (
        <Title order={2} size="h3">
          <Trans>Your buyers pay the way they like</Trans>
        </Title>
      )}
      <Text c="dimmed" maw={640}>
        <Trans>Online payments with PayPal, Apple Pay and Google Pay, Klarna and credit card, on a secure Stripe payment page. At the box office: cash, card and PayPal.</Trans>
      </Text>
      <Group gap="xs" justify="center" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="PayPal, Apple Pay, Google Pay, Klarna, Visa, Mastercard, American Express">
        {ONLINE_PAYMENT_METHODS.map((m) => (
          <Badge key={m} component="li" variant="outline" color="gray" size="lg" radius="sm" tt="none">
            {m}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}
