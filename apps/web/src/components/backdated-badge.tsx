import { Badge } from '@mantine/core';
import { TERMS } from '@streckenpass/contract/terms';

/** The mark of a drive recorded late ("nachgetragen"; the contract's `isBackdated` decides when). */
export function BackdatedBadge() {
  return (
    <Badge color="orange" variant="light" size="sm">
      {TERMS.backdated}
    </Badge>
  );
}
