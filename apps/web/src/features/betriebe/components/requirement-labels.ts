import { keepingWaysLabel } from '@streckenpass/contract/drive-ways';
import { firstAcquisitionLabel, type FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import { stationsLabel } from '@streckenpass/contract/knowledge-items';
import type { Requirement } from '@streckenpass/contract/requirements';
import { plural } from '@streckenpass/contract/plural';
import { sectionLabel } from '@streckenpass/contract/route-paths';

/** A requirement's two stations: "Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF)", a place's "Ortskunde Würzburg Hbf (NWH)". */
export const pairLabel = (requirement: Pick<Requirement, 'startStation' | 'endStation'>) =>
  stationsLabel(requirement.startStation, requirement.endStation);

/**
 * What a requirement covers beyond its two stations, and its own minimum: "Kürzel KBS 805 · 4010 km 0,0–34,5 · Depot
 * Würzburg · Minimum 3 Fahrer/innen".
 */
export const scopeLabel = (requirement: Requirement) =>
  [
    requirement.companyRoute ? `Kürzel ${requirement.companyRoute}` : null,
    requirement.section ? sectionLabel(requirement.section) : null,
    requirement.depot ? `Depot ${requirement.depot.name}` : 'ganzer Betrieb',
    requirement.minDrivers !== null ? `Minimum ${plural(requirement.minDrivers, 'Fahrer/in', 'Fahrer/innen')}` : null,
    ...rulesLabels(requirement),
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * A requirement's own rules (issue 41) in words, one part each: "zählt: selbst gefahren", "Ersterwerb: 2 Fahrten je
 * Richtung, davon 1 bei Dunkelheit"; its depot's first acquisition where it asks none of its own (decision 0067):
 * "Ersterwerb vom Depot: 2 Fahrten je Richtung"; none without rules (the drivers' count).
 */
export const rulesLabels = (
  requirement: Pick<Requirement, 'keepingWays' | 'firstAcquisition' | 'depotFirstAcquisition'>,
) => [
  ...(requirement.keepingWays ? [`zählt: ${keepingWaysLabel(requirement.keepingWays)}`] : []),
  ...(requirement.firstAcquisition
    ? [firstAcquisitionLabel(requirement.firstAcquisition)]
    : requirement.depotFirstAcquisition
      ? [depotAcquisitionLabel(requirement.depotFirstAcquisition)]
      : []),
];

/** A depot's first acquisition in words: "Ersterwerb vom Depot: 2 Fahrten je Richtung, davon 1 bei Dunkelheit". */
export const depotAcquisitionLabel = (rule: FirstAcquisition) =>
  firstAcquisitionLabel(rule).replace(/^Ersterwerb: /, 'Ersterwerb vom Depot: ');
