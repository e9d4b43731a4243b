import { Button } from '@mantine/core';

/**
 * "Widerrufen" for one entry of a list (a proof, a share link): a full-width light button in a phone's card, a subtle
 * one in a table row. `label` names the entry for screen readers; `onClick` asks before anything is revoked.
 */
export function RevokeButton({
  label,
  fullWidth,
  onClick,
}: {
  label: string;
  fullWidth: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      // The accent without a shade: its light and subtle text colours are the theme's, tuned for AA (theme.ts).
      color="red"
      variant={fullWidth ? 'light' : 'subtle'}
      fullWidth={fullWidth}
      mt={fullWidth ? 'xs' : undefined}
      aria-label={label}
      onClick={onClick}
    >
      Widerrufen
    </Button>
  );
}
