import { useLingui } from "@lingui/react";
import { type UseFormInput, schemaResolver, useForm } from "@mantine/form";
import type { z } from "zod";
import { fieldErrorsOf, translateFieldMessage } from "../lib/errors";

/**
 * A Mantine form validated by a shared zod schema: the same rules the server applies, with
 * the message codes translated into the active language.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Mantine's own constraint
export function useZodForm<T extends Record<string, any>>(
  schema: z.ZodType<unknown, T>,
  options: Omit<UseFormInput<T>, "validate">,
) {
  const { i18n } = useLingui();
  const resolve = schemaResolver(schema, { sync: true });
  const form = useForm<T>({
    ...options,
    validate: (values) => {
      const errors = resolve(values) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(errors).map(([k, v]) => [k, typeof v === "string" ? translateFieldMessage(i18n, v) : v]),
      ) as never;
    },
  });
  /** Puts the server's field errors on the fields; returns whether there were any. */
  const setServerErrors = (error: unknown): boolean => {
    const errors = fieldErrorsOf(i18n, error);
    if (Object.keys(errors).length === 0) return false;
    form.setErrors(errors);
    return true;
  };
  return Object.assign(form, { setServerErrors });
}
