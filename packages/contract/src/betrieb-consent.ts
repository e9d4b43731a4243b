import { TERMS } from './terms.js';

/**
 * The consent a member gives on joining a Betrieb (issue 28, docs/decisions/0046): what the Betrieb will see of the
 * member's record and what it never sees. Each wording is a version; the version a member agreed to is stored with
 * the membership. A changed text is a new version added here — the old ones stay, so that the text behind every
 * stored version can still be shown. No zod here: pages import it freely.
 */
export interface ConsentText {
  version: number;
  title: string;
  intro: string;
  /** What the Betrieb sees while the member belongs to it. */
  shared: readonly string[];
  /** What it never sees. */
  notShared: readonly string[];
  /** How the membership works (no writing, leaving at any time). */
  terms: readonly string[];
}

export const CONSENT_TEXTS = {
  1: {
    version: 1,
    title: 'Was der Betrieb von Ihren Daten sieht',
    intro:
      'Solange Sie Mitglied dieses Betriebs sind, sehen seine Admins und Disponentinnen und Disponenten von Ihnen:',
    shared: [
      'Ihren Vor- und Nachnamen, Ihre Rolle und Ihr Depot im Betrieb',
      `Ihre ${TERMS.routes} mit Name, ${TERMS.companyRoute}, Start und Ende`,
      `Ihre Fahrten mit ihren Daten („${TERMS.drivenOn}“, „${TERMS.validUntil}“) und dem Tag der Erfassung („Erfasst am“)`,
      `Ihre ${TERMS.vehicles} und die Fahrten, auf denen Sie sie gefahren sind`,
      `die Gültigkeit Ihrer Streckenkunde („${TERMS.validUntil}“) und Ihre ${TERMS.validityRule}n`,
    ],
    notShared: [
      `Ihre ${TERMS.email} und Ihre Einstellungen für E-Mails und Erinnerungen`,
      'Ihre Geräte für Push-Benachrichtigungen und Ihr Kalender-Abo',
      'Ihre Freigabe-Links und Sicherungen',
      'ob Sie Mitglied anderer Betriebe sind, und alles über diese',
    ],
    terms: [
      'Der Betrieb kann an Ihren Daten nichts ändern: Er liest nur.',
      'Sie können den Betrieb jederzeit verlassen (Konto › Meine Betriebe). Der Zugriff endet sofort.',
      'Gespeichert werden Ihre Zustimmung, die Fassung dieses Textes (Version 1) und der Zeitpunkt.',
    ],
  },
} as const satisfies Record<number, ConsentText>;

/** The version new members agree to. */
export const CONSENT_VERSION = 1;

export const CURRENT_CONSENT: ConsentText = CONSENT_TEXTS[CONSENT_VERSION];
