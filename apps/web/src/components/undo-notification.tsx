import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { germanMessage } from '../lib/api-errors';

/** A save that can be taken back: what to say, and how to undo it (resolves with the German confirmation). */
export interface UndoableResult {
  color: 'green' | 'yellow';
  title: string;
  message: string;
  undo: () => Promise<string>;
}

/** Runs `undo` and reports its outcome as a message: "Rückgängig gemacht", or the German reason it failed. */
async function runUndo(result: UndoableResult) {
  try {
    notifications.show({ color: 'blue', title: 'Rückgängig gemacht', message: await result.undo() });
  } catch (error) {
    notifications.show({
      color: 'red',
      title: 'Rückgängig nicht möglich',
      message: germanMessage(error),
    });
  }
}

function UndoButton({ onUndo }: { onUndo: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      size="sm"
      mih={44}
      // The button keeps its word whole; the message beside it wraps (issue 40: "Rückg" at 360 px).
      style={{ flexShrink: 0 }}
      loading={busy}
      onClick={() => {
        setBusy(true);
        void onUndo().finally(() => setBusy(false));
      }}
    >
      Rückgängig
    </Button>
  );
}

let counter = 0;

/**
 * A success message with "Rückgängig" beside its text, as a notification (the documentation page). It stays 12 s;
 * the undo closes it and its own message follows.
 */
export function notifyWithUndo(result: UndoableResult) {
  counter += 1;
  const id = `undo-${counter}`;
  notifications.show({
    id,
    color: result.color,
    title: result.title,
    autoClose: 12_000,
    message: (
      <Group gap="xs" justify="space-between" wrap="nowrap" align="center">
        <Text size="sm">{result.message}</Text>
        <UndoButton
          onUndo={async () => {
            notifications.hide(id);
            await runUndo(result);
          }}
        />
      </Group>
    ),
  });
}

/**
 * The same message inside the card where the driver just tapped ("Heute gefahren"): where the eye is, and without
 * covering the next choice on a phone. `onClose` removes it (after an undo, or when the driver goes on).
 */
export function UndoAlert({ result, onClose }: { result: UndoableResult; onClose: () => void }) {
  return (
    <Alert color={result.color} title={result.title} role="status" p="xs">
      <Group gap="xs" justify="space-between" wrap="nowrap" align="center">
        <Text size="sm">{result.message}</Text>
        <UndoButton
          onUndo={async () => {
            await runUndo(result);
            onClose();
          }}
        />
      </Group>
    </Alert>
  );
}
