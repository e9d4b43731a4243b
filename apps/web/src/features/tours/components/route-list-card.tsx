import { Text } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import type { Route } from '@streckenpass/contract/routes';
import type { ReactNode } from 'react';
import { LinkList } from '../../../components/link-list';
import { TitledCard } from '../../../components/titled-card';
import { paths } from '../../../config/paths';
import { routeLabel } from '../../../lib/record-labels';

/** The routes of a selection (route IRIs), in the order of `routes`; IRIs of deleted routes are left out. */
export function selectedRoutes(routes: readonly Route[], selection: readonly string[]): Route[] {
  const chosen = new Set(selection);
  return routes.filter((route) => chosen.has(toIri('routes', route.id)));
}

function Hint({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
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
    <TitledCard title={title} gap="xs">
      {description && <Hint>{description}</Hint>}
      {routes.length === 0 ? (
        <Hint>{empty}</Hint>
      ) : (
        <LinkList
          size="sm"
          label={title}
          links={routes.map((route) => ({ key: route.id, to: paths.route(route.id), text: routeLabel(route) }))}
        />
      )}
      {children}
    </TitledCard>
  );
}
