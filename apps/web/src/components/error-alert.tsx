import { Alert } from '@mantine/core';
import { germanMessage } from '../lib/api-errors';

/**
 * A failed call of a card in the app's one wording (`germanMessage`; `fallback` for an error it has no sentence for);
 * nothing while the call has not failed.
 */
export function ErrorAlert({
  call,
  fallback,
  title,
}: {
  call: { isError: boolean; error: unknown };
  fallback?: string;
  title?: string;
}) {
  if (!call.isError) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {germanMessage(call.error, fallback)}
    </Alert>
  );
}

/** The server's confirmation of a call that went through (`data.message`); nothing before that. */
export function SuccessAlert({ call }: { call: { isSuccess: boolean; data: { message: string } | undefined } }) {
  if (!call.isSuccess || !call.data) return null;
  return (
    <Alert color="green" role="status">
      {call.data.message}
    </Alert>
  );
}
