import type { Requirement } from '@streckenpass/contract/requirements';
import { plural } from '@streckenpass/contract/plural';
import { sectionLabel } from '@streckenpass/contract/route-paths';

/** A requirement's two stations: "Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF)". */
export const pairLabel = (requirement: Pick<Requirement, 'startStation' | 'endStation'>) =>
  `${requirement.startStation.name} (${requirement.startStation.code}) – ${requirement.endStation.name} (${requirement.endStation.code})`;

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
  ]
    .filter(Boolean)
    .join(' · ');
