import type { User } from '@streckenpass/contract/users';

/** The signed-in user of the page tests. */
export const testUser: User = {
  id: 7,
  email: 'erika@example.org',
  firstname: 'Erika',
  lastname: 'Muster',
  roles: ['ROLE_USER'],
  mail_verified: true,
  receive_weekly_reports: true,
  bcc_mail_weekly_reports: false,
};

/** A JSON answer of the fake server. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
