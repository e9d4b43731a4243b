import type { StationIndex } from '@streckenpass/contract/stations';

/**
 * The name a route's two stations propose (issue 40): "Frankfurt (Main) Hbf – Mannheim Hbf". Null until both ends
 * are stations of the index (free text proposes nothing).
 */
export function proposedRouteName(
  index: Pick<StationIndex, 'byCode'> | null,
  startStation: string | null,
  endStation: string | null,
): string | null {
  if (!index || !startStation || !endStation) return null;
  const start = index.byCode(startStation);
  const end = index.byCode(endStation);
  return start && end ? `${start.name} – ${end.name}` : null;
}

/**
 * The name after an end of the route changed: the new proposal while the name is empty or still the previous
 * proposal; a name the driver wrote stays.
 */
export function nameAfterStations(name: string, before: string | null, proposal: string | null): string {
  if (!proposal) return name;
  return name.trim() === '' || name === before ? proposal : name;
}
