import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";

/**
 * A voucher code field (decision 020), at checkout and at the box office counter: the code and
 * "Apply", or the applied code and "Remove"; its error stands under it. Enter in the field
 * applies the code (it never submits a surrounding form). Test ids: `{testId}-input`,
 * `-apply`, `-remove`, `-error`, `-code`.
 */
export function VoucherField({
  entry,
  onEntry,
  appliedCode,
  applying,
  error,
  disabled,
  onApply,
  onRemove,
  testId,
}: {
  entry: string;
  onEntry: (text: string) => void;
  /** The applied voucher's code, or null. */
  appliedCode: string | null;
  applying: boolean;
  error: string | null;
  disabled: boolean;
  onApply: () => void;
  onRemove: () => void;
  testId: string;
}) {
  const { t } = useLingui();
  if (appliedCode !== null) {
    const code = appliedCode;
    return (
      <Stack gap={4} data-testid={testId}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm">
            <Trans>
              Voucher <b data-testid={`${testId}-code`}>{code}</b>
            </Trans>
          </Text>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onRemove} disabled={disabled} data-testid={`${testId}-remove`}>
            <Trans>Remove</Trans>
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red.8" role="alert" data-testid={`${testId}-error`}>
            {error}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap" data-testid={testId}>
      <TextInput
        flex={1}
        label={t`Voucher code`}
        value={entry}
        onChange={(e) => onEntry(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            onApply();
          }
        }}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        disabled={disabled}
        error={error}
        errorProps={{ "data-testid": `${testId}-error`, role: "alert" }}
        data-testid={`${testId}-input`}
      />
      <Button
        // Level with the input, below its label.
        mt={25}
        variant="default"
        onClick={onApply}
        loading={applying}
        disabled={disabled || entry.trim() === ""}
        data-testid={`${testId}-apply`}
      >
        <Trans>Apply</Trans>
      </Button>
    </Group>
  );
}
