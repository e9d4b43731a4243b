import { Anchor, Stack, Text, type MantineSize } from '@mantine/core';
import { Link } from 'react-router';

export interface ListedLink {
  key: number;
  to: string;
  text: string;
  /** Dimmed after the link (a company's route code). */
  note?: string;
}

/** Records as a plain list of links to their pages. */
export function LinkList({ links, size, label }: { links: ListedLink[]; size?: MantineSize; label?: string }) {
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {links.map(({ key, to, text, note }) => (
        <li key={key}>
          <Anchor component={Link} to={to} size={size}>
            {text}
          </Anchor>
          {note && (
            <Text span size="sm" c="dimmed">
              {' '}
              {note}
            </Text>
          )}
        </li>
      ))}
    </Stack>
  );
}
