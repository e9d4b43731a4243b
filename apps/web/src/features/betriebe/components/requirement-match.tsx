import { Select, Stack, Text } from '@mantine/core';
import { REQUIREMENT_MATCH_LABELS, type RequirementMatch } from '@streckenpass/contract/requirements';
import { germanMessage } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/dates';
import { useLinkRequirement } from '../api/requirements';
import { pairLabel } from './requirement-labels';

/** A driver's own route, as the page hands it over for linking by hand. */
export interface OwnRoute {
  id: number;
  name: string;
}

/** What the driver sees of their own knowledge for one requirement: the matching route and how it matches. */
export function MatchText({ requirement }: { requirement: RequirementMatch }) {
  if (!requirement.match) return <>Keine Ihrer Strecken passt.</>;
  const { route, kind } = requirement.match;
  return (
    <>
      {route.name} ({REQUIREMENT_MATCH_LABELS[kind]}
      {route.validUntil ? `, gültig bis ${formatDate(route.validUntil)}` : ', noch nicht gefahren'})
    </>
  );
}

/** The driver's own link by hand: choose one of their routes, or take the link away. */
export function LinkSelect({
  betriebId,
  requirement,
  ownRoutes,
}: {
  betriebId: number;
  requirement: RequirementMatch;
  ownRoutes: readonly OwnRoute[];
}) {
  const link = useLinkRequirement(betriebId);
  return (
    <Stack gap={4}>
      <Select
        aria-label={`Eigene Strecke für ${pairLabel(requirement)}`}
        placeholder="Eigene Strecke verknüpfen"
        clearable
        searchable
        disabled={link.isPending}
        data={ownRoutes.map((route) => ({ value: String(route.id), label: route.name }))}
        value={requirement.link ? String(requirement.link.id) : null}
        onChange={(value) => link.mutate({ requirementId: requirement.id, routeId: value ? Number(value) : null })}
        nothingFoundMessage="Keine Strecke gefunden"
      />
      {link.isError && (
        <Text size="sm" c="red" role="alert">
          {germanMessage(link.error)}
        </Text>
      )}
    </Stack>
  );
}
