import { describe, expect, it } from 'vitest';
import { errorForStatus, germanMessage } from './api-errors';

describe('germanMessage', () => {
  it('names the running import or restore of the account (429 of a heavy operation, issue 24)', () => {
    const detail = 'Für Ihr Konto läuft gerade ein CSV-Import. Bitte warten Sie, bis dieser Vorgang abgeschlossen ist.';
    const error = errorForStatus(429, 'Too Many Requests', { title: 'Too Many Requests', status: 429, detail });
    expect(germanMessage(error)).toBe(detail);
  });

  it('keeps the general sentence for other rate limits', () => {
    const error = errorForStatus(429, 'Too Many Requests', { detail: 'Too many requests, retry in 1 minute' });
    expect(germanMessage(error)).toBe('Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.');
  });

  it('shows the server’s sentence when the process is busy (503)', () => {
    const detail =
      'Der Server verarbeitet gerade andere Importe und Sicherungen. Bitte versuchen Sie es in wenigen Sekunden erneut.';
    expect(germanMessage(errorForStatus(503, 'Service Unavailable', { detail }))).toBe(detail);
  });
});
