/**
 * A member's name as the Betrieb's views, its issued matrices and their verification show it (never the e-mail
 * address): first and last name, or "Ohne Namen".
 */
export function memberName(row: { firstname: string | null; lastname: string | null }): string {
  return [row.firstname, row.lastname].filter(Boolean).join(' ').trim() || 'Ohne Namen';
}
