import type { Betrieb } from '@streckenpass/contract/betriebe';
import { readsMembers } from '@streckenpass/contract/terms';
import { paths } from '../../config/paths';

/**
 * Where a member who reads the drivers' knowledge (admin, Disponent, examiner) works (issues 40, 41): the one such Betrieb's page,
 * "Meine Betriebe" to choose among several; null for a driver only, whose place is the dashboard.
 */
export function betriebHome(betriebe: readonly Pick<Betrieb, 'id' | 'role'>[] | undefined): string | null {
  const staffOf = (betriebe ?? []).filter(readsMembers);
  if (staffOf.length === 0) return null;
  return staffOf.length === 1 ? paths.betrieb(staffOf[0]!.id) : paths.accountBetriebe;
}
