import { Button, type ButtonProps } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { saveFile, type DownloadedFile } from '../lib/save-file';

/** A button that fetches a file (a download mutation) and hands it to the browser, spinning meanwhile. */
export function DownloadButton({
  call,
  icon,
  variant,
  children,
}: {
  call: UseMutationResult<DownloadedFile, Error, void>;
  icon: ReactNode;
  variant?: ButtonProps['variant'];
  children: ReactNode;
}) {
  return (
    <Button
      variant={variant}
      leftSection={icon}
      loading={call.isPending}
      onClick={() => call.mutate(undefined, { onSuccess: saveFile })}
    >
      {children}
    </Button>
  );
}
