import { requirementShortLabel } from '@streckenpass/contract/matrix';
import type { Requirement } from '@streckenpass/contract/requirements';

/*
 * The register of a Betrieb per TfV § 10 (4) (issue 41 item 6, docs/decisions/0064): for each of its drivers the
 * infrastructure known (Anlage 10 field 31.1 "Infrastruktur") and the day of the last check (field 31.2 "Datum der
 * Überprüfung"). One content, issued and signed as a document of kind `register`; the CSV, the PDF and the check page
 * are views of it.
 */

/** One driver's line of the register. */
export interface RegisterDriver {
  name: string;
  depot: string | null;
  /** 31.1: the requirements the driver knows validly on the Stichtag, as labels (line and km where known). */
  infrastructure: string[];
  /** 31.2: the last passed periodic check (attested, not withdrawn, not hidden from this Betrieb), or null. */
  lastCheck: { checkedOn: string; betrieb: string } | null;
}

/** The register's signed content (kind `register`). */
export interface RegisterProofContent {
  document: 'register';
  betrieb: { id: number; name: string };
  /** The Stichtag (YYYY-MM-DD in the app's time zone). */
  asOf: string;
  issuer: { firstname: string | null; lastname: string | null };
  drivers: RegisterDriver[];
}

/** What the PDF worker draws for a register. */
export interface RegisterPdfData {
  document: 'register';
  content: RegisterProofContent;
  version: string;
  verification?: { code: string; url: string };
}

/** The register's columns, by the fields of TfV Anlage 10 they fill. */
export const REGISTER_HEADER = [
  'Name',
  'Depot',
  '31.1 Infrastruktur',
  '31.2 Datum der Überprüfung',
  'Überprüft durch Betrieb',
] as const;

/** A driver's line in words: the infrastructure one item a line, the check's day as TT.MM.JJJJ or "keine". */
export function registerCells(driver: RegisterDriver, formatDate: (date: string) => string): string[] {
  return [
    driver.name,
    driver.depot ?? '',
    driver.infrastructure.length > 0 ? driver.infrastructure.join('\n') : 'keine gültige Streckenkunde',
    driver.lastCheck ? formatDate(driver.lastCheck.checkedOn) : 'keine',
    driver.lastCheck?.betrieb ?? '',
  ];
}

export const isRegisterContent = (content: unknown): content is RegisterProofContent =>
  typeof content === 'object' && content !== null && (content as { document?: unknown }).document === 'register';

/**
 * A requirement as the register and an attestation name it: the column label with codes, section and depot, and the
 * stations' names for a reader outside the Betrieb ("NWH – NF (K1) · Würzburg: Würzburg Hbf – Frankfurt (Main) Hbf").
 */
export function requirementWithNames(requirement: Requirement): string {
  const label = requirementShortLabel(requirement);
  const { startStation, endStation } = requirement;
  const names = startStation.code === endStation.code ? startStation.name : `${startStation.name} – ${endStation.name}`;
  return `${label}: ${names}`;
}
