/**
 * The texts of the public pages (start, about, legal, donate), defined once: the React pages render them with
 * Mantine, and the build (`prerender.ts`, called from vite.config.ts) writes them as static HTML that paints
 * before the application bundle has loaded. Plain data only – no React, no Mantine – so the build can import it.
 */
import { TERMS } from '@streckenpass/contract/terms';

/** The rail network data's attribution, as the contract's RAIL_NETWORK_ATTRIBUTION says it (CC BY 4.0). */
export const RAIL_NETWORK_SOURCE =
  'Datenquelle: DB Netz AG – Geo-Streckennetz (Stand 2017) und Geo-Betriebsstellen (2020), Lizenz CC BY 4.0 ' +
  '(https://creativecommons.org/licenses/by/4.0/), verändert (vereinfacht)';

/** A piece of running text: plain text, a link or inline code. */
export type Inline = string | { text: string; href: string } | { code: string };

/**
 * The header of a signed-out visitor: the app's (app/layout/app-layout.tsx) and the prerendered copy's
 * (prerender.ts, wired by public-entry.ts), which must look and read the same so that loading the app changes nothing.
 */
export const siteHeader = {
  navigation: 'Hauptnavigation',
  home: 'Streckenpass – zur Startseite',
  links: [
    { href: '/', label: 'Startseite' },
    { href: '/about', label: 'Informationen' },
    { href: '/legal', label: 'Rechtliches' },
  ],
  toLight: 'Helle Darstellung',
  toDark: 'Dunkle Darstellung',
  openMenu: 'Menü öffnen',
  closeMenu: 'Menü schließen',
} as const;

export const startPage = {
  loginTitle: 'Anmelden',
  headline: 'Streckenkunde – schnell, einfach, unterwegs',
  intro:
    'Streckenpass ersetzt die Papierliste: Sie halten fest, wann Sie welche Strecke gefahren sind, und sehen auf einen Blick, welche Streckenkunde bald verfällt.',
  features: [
    'Fahrten in Sekunden dokumentieren – auch für ganze Touren auf einmal',
    'Automatische Erinnerungen per E-Mail, bevor eine Strecke verfällt',
    'Nachweis als PDF oder CSV für den Arbeitgeber',
    'Auf dem Telefon im Führerstand wie am Rechner im Betriebshof',
  ],
  more: 'Mehr Informationen',
  /** The login form: the app's (features/auth/components/login-form.tsx) and the prerendered one (public-entry.ts). */
  login: {
    email: TERMS.email,
    password: 'Passwort',
    submit: 'Anmelden',
    register: 'Registrieren',
    forgot: 'Passwort vergessen',
    emailMissing: 'Bitte die E-Mail-Adresse angeben.',
    passwordMissing: 'Bitte das Passwort angeben.',
    wrongCredentials: 'Benutzername oder Passwort ist falsch.',
    offline: 'Keine Verbindung zum Server. Bitte prüfen Sie die Verbindung und versuchen Sie es erneut.',
    noScript: 'Streckenpass benötigt JavaScript. Bitte aktivieren Sie JavaScript in Ihrem Browser.',
  },
  /** Notices on the start page, chosen by query parameter (`?verified=0` from the mail link, `?reset=1`). */
  verificationFailed:
    'Der Bestätigungslink ist ungültig oder abgelaufen. Melden Sie sich an und fordern Sie einen neuen an.',
  passwordChanged: 'Ihr Passwort wurde geändert. Melden Sie sich mit dem neuen Passwort an.',
} as const;

export const aboutPage = {
  documentTitle: 'Informationen',
  title: 'Über Streckenpass',
  intro:
    'Wer als Triebfahrzeugführerin oder Triebfahrzeugführer eine Strecke befahren darf, braucht gültige Streckenkunde. Wird eine Strecke länger nicht gefahren, als die Regel des Unternehmens erlaubt (oft ein Jahr), verfällt die Streckenkunde und muss neu erworben werden. Viele führen darüber bis heute Listen auf Papier. Streckenpass ist die digitale Alternative: immer dabei, immer aktuell, und mit einem Nachweis, den Sie Ihrem Arbeitgeber geben können.',
  howTitle: 'So funktioniert es',
  howSteps: [
    'Legen Sie Ihre Strecken an – mit Name, Kürzel, Start- und Endpunkt (z. B. Ril-100-Kürzel wie HU oder ALBG).',
    'Fassen Sie Strecken, die Sie oft gemeinsam fahren, zu Touren zusammen; optional erfassen Sie Ihre Fahrzeuge.',
    'Nach einer Fahrt wählen Sie auf der Seite „Dokumentation“ die Strecken oder Touren aus und speichern das Datum. Die Streckenkunde gilt dann für die Dauer Ihrer Gültigkeitsregel: voreingestellt 1 Jahr (364 Tage), einstellbar im Konto und für jede Strecke.',
    'Das Dashboard zeigt, welche Strecken bald verfallen; auf Wunsch erinnert Sie ein wöchentlicher Bericht per E-Mail.',
    'Für Ihren Arbeitgeber exportieren Sie einen Streckenkundenachweis als PDF oder CSV.',
  ],
  appTitle: 'Als App nutzen',
  appText:
    'Streckenpass lässt sich auf Android und am Rechner (Chrome, Edge) als App installieren; auf dem iPhone fügen Sie die Seite über „Teilen → Zum Home-Bildschirm“ hinzu. Ihre Daten bleiben auch ohne Empfang lesbar.',
  developersTitle: 'Für Entwickler',
  developers: [
    'Die Schnittstelle ist offen dokumentiert: ',
    { text: 'interaktive API-Dokumentation', href: '/api/docs' },
    ' und ',
    { text: 'OpenAPI-Beschreibung', href: '/api/openapi.json' },
    '. Die Anmeldung erfolgt mit einem JWT von ',
    { code: '/api/login_check' },
    '.',
  ] satisfies Inline[],
  toLogin: 'Jetzt anmelden oder registrieren',
  toDonate: 'Projekt unterstützen',
} as const;

export const legalPage = {
  documentTitle: 'Rechtliches',
  title: 'Rechtliches',
  imprintTitle: 'Impressum',
  imprintNoteTitle: 'Hinweis für den Betreiber',
  imprintNote: 'Diese Angaben sind vom Betreiber dieser Installation auszufüllen (Angaben gemäß § 5 DDG).',
  imprintLines: [
    '[Name des Betreibers]',
    '[Straße und Hausnummer]',
    '[Postleitzahl und Ort]',
    'E-Mail: [Kontaktadresse]',
  ],
  privacyTitle: 'Datenschutz',
  privacy: [
    'Streckenpass speichert nur, was für den Dienst nötig ist: Ihre E-Mail-Adresse, Ihren Namen, ein sicher gehashtes Passwort sowie die von Ihnen erfassten Strecken, Touren, Fahrzeuge und Fahrtdaten. Die Daten sind nur für Ihr Konto sichtbar.',
    'E-Mails erhalten Sie zur Bestätigung Ihrer Adresse, zum Zurücksetzen des Passworts und – wenn Sie es in den Einstellungen wünschen – als wöchentlichen Bericht. Den Bericht können Sie jederzeit abbestellen.',
    'Im Browser werden Ihre Anmeldung, Ihre Auswahl auf der Dokumentationsseite und eine Kopie Ihrer Daten für die Nutzung ohne Empfang gespeichert. Beim Abmelden wird all das gelöscht. Es gibt keine Werbung und kein Tracking.',
  ],
  liabilityTitle: 'Haftung',
  liability:
    'Streckenpass hilft Ihnen, den Überblick zu behalten; maßgeblich für Ihre Streckenkunde sind die Regeln Ihres Eisenbahnverkehrsunternehmens. Prüfen Sie wichtige Daten vor der Fahrt.',
  sourcesTitle: 'Datenquellen',
  sources: [
    'Bahnhöfe mit DS100-Kürzeln und Koordinaten: Stationsdaten der Deutschen Bahn (DB Station&Service AG), Lizenz Creative Commons Namensnennung 4.0 (CC BY 4.0), aufbereitet im Open-Source-Paket „db-stations“. Streckenpass zeigt die Daten unverändert an.',
    'Umriss Deutschlands auf der Karte: Natural Earth (gemeinfrei), über das Paket „world-atlas“.',
    // CC BY 4.0 asks for the attribution wherever the network or anything derived from it is shown (issue 29). As
    // text, not imported from the contract's network module: that would bring zod into this early chunk (its eval
    // probe breaks the CSP); public-pages.test.ts checks it is the contract's RAIL_NETWORK_ATTRIBUTION.
    'Streckennetz, Streckennummern, km und Wege entlang der Gleise (sofern der Betreiber sie eingelesen hat): ' +
      RAIL_NETWORK_SOURCE +
      '.',
  ],
} as const;

export const donatePage = {
  documentTitle: 'Unterstützen',
  title: 'Streckenpass unterstützen',
  intro:
    'Streckenpass ist kostenlos und ohne Werbung. Server, E-Mail-Versand und Weiterentwicklung kosten dennoch Geld und Zeit. Wenn Ihnen die App im Alltag hilft, freuen wir uns über Ihre Unterstützung.',
  helpTitle: 'So können Sie helfen',
  help: [
    'Erzählen Sie Kolleginnen und Kollegen im Betriebshof von Streckenpass.',
    'Melden Sie Fehler und Wünsche an den Betreiber (Kontakt unter „Rechtliches“).',
    'Unterstützen Sie den Betrieb mit einer Spende über die vom Betreiber unter „Rechtliches“ genannte Kontaktadresse.',
  ],
  thanks: 'Vielen Dank – jede Hilfe sorgt dafür, dass Streckenpass verlässlich weiterläuft.',
} as const;
