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
  /**
   * What the Betrieb itself records about the member (from version 2: its attestations, its register, the joining and
   * leaving); absent in versions that record nothing.
   */
  recorded?: readonly string[];
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
  /**
   * Issue 41 (docs/decisions/0066): how each drive was made, first acquisition and Ortskunde are shown; the Betrieb's
   * examiners attest, its register lists the checks, and its home lists who joined and left (issue 40). A member who
   * agreed to version 1 keeps it until they agree to this one: until then the Betrieb sees what version 1 lists.
   */
  2: {
    version: 2,
    title: 'Was der Betrieb von Ihren Daten sieht und festhält',
    intro:
      'Solange Sie Mitglied dieses Betriebs sind, sehen seine Admins, Disponentinnen und Disponenten sowie ' +
      'Prüferinnen und Prüfer von Ihnen:',
    shared: [
      'Ihren Vor- und Nachnamen, Ihre Rolle und Ihr Depot im Betrieb',
      `Ihre ${TERMS.routes} und Ihre Ortskunde (Bahnhöfe, Abstellanlagen, Anschlüsse) mit Name, ${TERMS.companyRoute}, Start und Ende`,
      `Ihre Fahrten mit ihren Daten („${TERMS.drivenOn}“, „${TERMS.validUntil}“) und dem Tag der Erfassung („Erfasst am“)`,
      'wie jede Fahrt gemacht wurde (selbst gefahren, begleitet, im Führerraum, Film, Simulator oder Begehung), ' +
        'ihre Richtung und Uhrzeit und ob sie bei Dunkelheit war',
      'den Stand Ihrer Erstausbildung einer Strecke, wo Sie eine verlangen (Fahrten je Richtung, davon bei Dunkelheit)',
      `Ihre ${TERMS.vehicles} und die Fahrten, auf denen Sie sie gefahren sind`,
      `die Gültigkeit Ihrer Streckenkunde („${TERMS.validUntil}“), Ihre ${TERMS.validityRule}n und welche Arten von ` +
        'Fahrten sie erhalten',
      'Bescheinigungen früherer Betriebe über Ihre Streckenkunde, solange Sie sie nicht verbergen',
    ],
    recorded: [
      'Bescheinigungen seiner Prüferinnen und Prüfer (Erstausbildung bestätigt, Überprüfung der Streckenkenntnis ' +
        'bestanden): signiert, in Ihrer Dokumentation sichtbar, und sie bleiben bei Ihnen, wenn Sie den Betrieb ' +
        'verlassen. Der Betrieb kann eine Bescheinigung widerrufen, aber nicht ändern.',
      'sein Register nach § 10 Abs. 4 TfV: Ihre Streckenkenntnis und den Tag Ihrer letzten Überprüfung',
      'wann Sie beigetreten sind und wann Sie den Betrieb verlassen haben oder entfernt wurden (30 Tage lang)',
    ],
    notShared: [
      `Ihre ${TERMS.email} und Ihre Einstellungen für E-Mails und Erinnerungen`,
      'Ihre Geräte für Push-Benachrichtigungen und Ihr Kalender-Abo',
      'Ihre Freigabe-Links und Sicherungen',
      'ob Sie Mitglied anderer Betriebe sind, und alles über diese, außer Bescheinigungen, die Sie zeigen',
    ],
    terms: [
      'Der Betrieb kann an Ihren Daten nichts ändern: Er liest nur. Was er bescheinigt, ist seine eigene Erklärung.',
      'Sie können den Betrieb jederzeit verlassen (Konto › Meine Betriebe). Der Zugriff endet sofort.',
      'Gespeichert werden Ihre Zustimmung, die Fassung dieses Textes (Version 2) und der Zeitpunkt.',
    ],
  },
} as const satisfies Record<number, ConsentText>;

/** The version new members agree to. */
export const CONSENT_VERSION = 2;

/**
 * Whether a member's consent covers what version 2 added (how each drive was made, attestations, the register): a
 * member who agreed only to version 1 is shown and recorded as version 1 lists, until they agree to the new one.
 */
export const consentCoversDriveDetails = (consentVersion: number) => consentVersion >= 2;

export const CURRENT_CONSENT: ConsentText = CONSENT_TEXTS[CONSENT_VERSION];
