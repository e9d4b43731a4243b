import { List, Stack, Text } from '@mantine/core';
import { RAIL_NETWORK_ATTRIBUTION } from '@streckenpass/contract/network';
import { pathSummary, sectionLabel, type RoutePath } from '@streckenpass/contract/route-paths';

/**
 * A route's stored path (issue 29 item 3): "über 3520 › 4010 › 4011, 78 km", the line sections it covers, and the
 * data's attribution (CC BY 4.0).
 */
export function RoutePathSummary({ path }: { path: RoutePath }) {
  return (
    <Stack gap={4}>
      <Text span inherit>
        {pathSummary(path)}
        {path.via ? ` (über ${path.via})` : ''}
      </Text>
      <List size="sm" spacing={2} aria-label="Streckenabschnitte">
        {path.sections.map((section, i) => (
          <List.Item key={i}>{sectionLabel(section)}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        {RAIL_NETWORK_ATTRIBUTION}
      </Text>
    </Stack>
  );
}
