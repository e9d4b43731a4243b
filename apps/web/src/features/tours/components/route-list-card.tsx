import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import type { Route } from '@streckenpass/contract/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { routeLabel } from '../../../lib/record-labels';

/** The routes of a selection (route IRIs), in the order of `routes`; IRIs of deleted routes are left out. */
export function selectedRoutes(routes: readonly Route[], selection: readonly string[]): Route[] {
  const chosen = new Set(selection);
  return routes.filter((route) => chosen.has(toIri('routes', route.id)));
}

/** A card listing routes, each linking to its route view. */
export function RouteListCard({
  title,
  description,
  routes,
  empty,
  children,
}: {
  title: string;
  description?: ReactNode;
  routes: readonly Route[];
  empty: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {routes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
            {routes.map((route) => (
              <li key={route.id}>
                <Anchor component={Link} to={paths.route(route.id)} size="sm">
                  {routeLabel(route)}
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
        {children}
      </Stack>
    </Card>
  );
}
