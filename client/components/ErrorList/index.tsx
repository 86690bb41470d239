import { Alert, Stack, Text } from "@mantine/core";

/** Refusals of a batch (files not uploaded, ...), one line each, in a red alert; nothing when empty. */
export function ErrorList({ errors, title }: { errors: string[]; title?: string }) {
  if (errors.length === 0) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap={2}>
        {errors.map((error, i) => (
          <Text key={i} size="sm">
            {error}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
