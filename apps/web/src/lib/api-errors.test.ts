import { describe, expect, it } from 'vitest';
import { errorForStatus, GermanError, germanMessage, NetworkError } from './api-errors';

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

  it('shows the app’s own German sentence as it is', () => {
    expect(germanMessage(new GermanError('Die Datei ist keine Sicherung von Streckenpass (kein JSON).'))).toBe(
      'Die Datei ist keine Sicherung von Streckenpass (kein JSON).',
    );
  });

  it('never shows a browser’s or a library’s English message', () => {
    expect(germanMessage(new TypeError('Failed to fetch'))).toBe('Es ist ein Fehler aufgetreten');
    expect(germanMessage(new DOMException('Registration failed', 'AbortError'), 'Bitte erneut versuchen.')).toBe(
      'Bitte erneut versuchen.',
    );
    expect(germanMessage('oops')).toBe('Es ist ein Fehler aufgetreten');
  });

  it('says that the server cannot be reached', () => {
    expect(germanMessage(new NetworkError('Network Error', 0, 'Network Error', null))).toBe(
      'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.',
    );
  });

  it('shows the server’s detail, else its first violation, never "Invalid input"', () => {
    const detail = 'Der Endpunkt muss eine öffentliche HTTPS-Adresse sein.';
    expect(germanMessage(errorForStatus(422, 'Unprocessable Entity', { detail }))).toBe(detail);
    const violations = [{ propertyPath: 'endpoint', message: detail }];
    expect(germanMessage(errorForStatus(422, 'Unprocessable Entity', { violations }))).toBe(detail);
    expect(germanMessage(errorForStatus(400, 'Bad Request', { detail: 'Invalid input' }), 'Bitte prüfen.')).toBe(
      'Bitte prüfen.',
    );
  });

  it('words a refusal without a detail by its status', () => {
    expect(germanMessage(errorForStatus(403, 'Forbidden', null))).toBe('Sie haben keinen Zugriff auf diesen Eintrag.');
    expect(germanMessage(errorForStatus(404, 'Not Found', null))).toBe('Der Eintrag wurde nicht gefunden.');
    expect(germanMessage(errorForStatus(502, 'Bad Gateway', null))).toBe(
      'Der Dienst ist vorübergehend nicht erreichbar. Bitte später erneut versuchen.',
    );
  });
});
