/** Keeps one-time tokens and the cron key out of logs. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/api\/users\/mail-verification\/)(?!resend)[^/?]+\/[^/?]+/, '$1[redacted]/[redacted]')
    .replace(/(\/api\/cronjob\/(?:internal|reminders)\/)[^/?]+/, '$1[redacted]')
    .replace(/(\/api\/calendar\/)[^/?]+/, '$1[redacted]')
    .replace(/([?&]token=)[^&]+/, '$1[redacted]');
}
