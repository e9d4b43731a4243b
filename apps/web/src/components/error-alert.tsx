import { Alert } from '@mantine/core';

/**
 * A failed call of a card, in the feature's own wording (`text`: each feature words its errors itself); nothing
 * while the call has not failed.
 */
export function ErrorAlert({
  call,
  text,
  title,
}: {
  call: { isError: boolean; error: unknown };
  text: (error: unknown) => string;
  title?: string;
}) {
  if (!call.isError) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {text(call.error)}
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
