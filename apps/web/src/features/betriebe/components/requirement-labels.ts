import type { Requirement } from '@streckenpass/contract/requirements';
import { sectionLabel } from '@streckenpass/contract/route-paths';

/** A requirement's two stations: "Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF)". */
export const pairLabel = (requirement: Pick<Requirement, 'startStation' | 'endStation'>) =>
  `${requirement.startStation.name} (${requirement.startStation.code}) – ${requirement.endStation.name} (${requirement.endStation.code})`;

export /** What a requirement covers beyond its two stations: "Kürzel KBS 805 · 4010 km 0,0–34,5 · Depot Würzburg". */
const scopeLabel = (requirement: Requirement) =>
  [
    requirement.companyRoute ? `Kürzel ${requirement.companyRoute}` : null,
    requirement.section ? sectionLabel(requirement.section) : null,
    requirement.depot ? `Depot ${requirement.depot.name}` : 'ganzer Betrieb',
  ]
    .filter(Boolean)
    .join(' · ');
