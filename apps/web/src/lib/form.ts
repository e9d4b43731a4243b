import type { z } from 'zod';

/**
 * A Mantine form validator from a contract zod schema: the same rules as the server, German messages,
 * one message per field.
 */
export function zodFieldValidator<T extends Record<string, unknown>>(schema: z.ZodType) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (key && !errors[key]) errors[key] = issue.message;
    }
    return errors;
  };
}
