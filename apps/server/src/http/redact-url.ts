import { PROOF_PAGE_PREFIX } from '@streckenpass/contract/proofs';
import { INVITATION_PAGE_PREFIX } from '@streckenpass/contract/betriebe';
import { SHARE_PAGE_PREFIX } from '@streckenpass/contract/share-links';

/**
 * Where a URL carries a secret (docs/decisions/0033), declared once: below each prefix every path segment is a
 * secret, except the literal names in `keep` (the parts of the route that are not secrets). The prefix covers the
 * real routes and every wrong variant of them (extra segments, over-long or broken tokens, unknown job names), so a
 * 404 is logged as safely as a hit. A new route that takes a secret in its path goes below one of these prefixes or
 * gets its own entry here; `secrets-in-urls.test.ts` fails for any public route with a path parameter that is not
 * covered.
 */
export const SECRET_PATHS: readonly { prefix: string; keep?: readonly string[] }[] = [
  // /api/users/mail-verification/{mail}/{token}; `resend` is the signed-in call that sends a new mail.
  { prefix: '/api/users/mail-verification', keep: ['resend'] },
  // /api/calendar/{token}.ics
  { prefix: '/api/calendar' },
  // /api/cronjob/{internal|reminders}/{CRON_API_KEY}
  { prefix: '/api/cronjob', keep: ['internal', 'reminders'] },
  // /nachweis/{token} and /nachweis/{token}/pdf
  { prefix: SHARE_PAGE_PREFIX, keep: ['pdf'] },
  // /pruefen/{code}: a verification code opens the document's content (issue 27); the owner's revoke call names it too.
  { prefix: PROOF_PAGE_PREFIX },
  { prefix: '/api/proofs', keep: ['revoke'] },
  // /api/invitations/{token or code} and …/accept: a Betrieb's invitation (issue 28)
  { prefix: '/api/invitations', keep: ['accept'] },
  // /beitreten/{token or code}: the web app's page of an invitation
  { prefix: INVITATION_PAGE_PREFIX },
];

/**
 * Query parameters that carry a secret: the password-reset link of the mail (`/reset-password?token=…`) and a typed
 * verification code (`/pruefen?code=…`).
 */
export const SECRET_QUERY_PARAMETERS: readonly string[] = ['token', 'code'];

export const REDACTED = '[redacted]';

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Prefixes compared without case and without doubled slashes, as a mistyped or hostile URL may write them. */
const normalise = (prefix: string) => prefix.toLowerCase().replace(/\/+/g, '/');
const keepByPrefix = new Map(SECRET_PATHS.map(({ prefix, keep }) => [normalise(prefix), new Set(keep ?? [])]));

/**
 * A secret prefix anywhere in the text (a request line, an error message, a link inside a log line), followed by its
 * segments up to the query, the fragment, white space, a quote or a backslash (the end of a JSON string). Linear in
 * the length of the text: no quantified group can match the same characters in two ways before a literal.
 */
const SECRET_PATH = new RegExp(
  `(${SECRET_PATHS.map(({ prefix }) => prefix.split('/').filter(Boolean).map(escape).join('/+'))
    .map((prefix) => `/${prefix}`)
    .join('|')})((?:/+[^/?#\\s"'\\\\]*)+)`,
  'gi',
);
const SECRET_QUERY = new RegExp(`([?&;](?:${SECRET_QUERY_PARAMETERS.map(escape).join('|')})=)[^&#;\\s"'\\\\]*`, 'gi');

/**
 * Replaces every secret of SECRET_PATHS and SECRET_QUERY_PARAMETERS in `text` by `[redacted]`. Used for the URL of
 * the request log, the URL in 404 answers, and on every finished log line before it is written (app.ts).
 */
export function redactUrl(text: string): string {
  return text
    .replace(SECRET_PATH, (_match, prefix: string, rest: string) => {
      const keep = keepByPrefix.get(normalise(prefix)) ?? new Set<string>();
      const segments = rest.split('/').map((segment) => (segment === '' || keep.has(segment) ? segment : REDACTED));
      return `${prefix}${segments.join('/')}`;
    })
    .replace(SECRET_QUERY, `$1${REDACTED}`);
}
