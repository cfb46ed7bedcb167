import type { Translation } from '@elicitkit/core';
import type { WebMessageKey } from './en.js';

/** The web UI in German (Sie-Form; quotation marks „…“ as German sets them). */
const de: Translation<WebMessageKey> = {
  'kind.form': 'Formularanfrage',
  'kind.url': 'Möchte eine Webseite öffnen',
  'kind.wait': 'Wartet, bis Sie im anderen Tab fertig sind',
  'header.from': 'Von {server}',
  'dialog.form': 'Formularanfrage von {server}',
  'dialog.url': 'Anfrage zum Öffnen einer Webseite von {server}',
  'dialog.wait': 'Warten auf eine Webseite von {server}',
  'kind.limit': 'Fragt sehr viel',
  'dialog.limit': 'Zu viele Anfragen von {server}',
  'limit.unsolicited': 'Dieser Server hat von sich aus viele Anfragen gesendet, außerhalb Ihrer Aufrufe.',
  'limit.runaway': 'Dieser Server fragt während Ihres Aufrufs immer weiter.',
  'limit.question': 'Soll er weiter fragen dürfen?',
  'action.allow': 'Mehr erlauben',
  'action.block': 'Vorerst ablehnen',
  'action.review': 'Antworten prüfen',
  'action.submit': 'Senden',
  'action.edit': 'Antworten bearbeiten',
  'action.confirm': 'Bestätigen',
  'action.decline': 'Ablehnen',
  'action.cancel': 'Abbrechen',
  'action.open': 'In neuem Tab öffnen',
  'action.retry': 'Jetzt erneut versuchen',
  'review.heading': 'Prüfen Sie Ihre Antworten',
  'summary.heading': 'Es gibt ein Problem',
  'summary.notAccepted': 'Ihre letzten Antworten wurden nicht angenommen',
  'summary.entry': '{field}: {message}',
  'error.prefix': 'Fehler:',
  'field.optional': '(optional)',
  'answer.yes': 'Ja',
  'answer.no': 'Nein',
  'answer.none': 'Keine Antwort',
  'answer.unanswered': 'Nicht beantwortet',
  'select.choose': 'Bitte wählen…',
  'hint.choices': 'Wählen Sie {min} bis {max}.',
  'hint.choicesAtLeast': 'Wählen Sie mindestens {count}.',
  'hint.choicesAtMost': 'Wählen Sie höchstens {count}.',
  'hint.range': 'Von {min} bis {max}.',
  'hint.atLeast': 'Mindestens {min}.',
  'hint.atMost': 'Höchstens {max}.',
  'hint.length': '{min} bis {max} Zeichen.',
  'hint.lengthAtLeast': { one: 'Mindestens {count} Zeichen.', other: 'Mindestens {count} Zeichen.' },
  'hint.lengthAtMost': { one: 'Höchstens {count} Zeichen.', other: 'Höchstens {count} Zeichen.' },
  'hint.dateTime': 'In Ihrer Ortszeit: {zone} (UTC{offset}).',
  'list.filter': 'Tippen, um die Liste zu filtern',
  'list.status': {
    one: '{shown} von {count} Option angezeigt.',
    other: '{shown} von {count} Optionen angezeigt.',
  },
  'list.selected': 'Gewählt: {choices}.',
  'list.noMatch': 'Keine Option passt.',
  'pattern.details': 'Technische Details',
  'pattern.rule': 'Die Antwort muss diesem regulären Ausdruck entsprechen:',
  'url.site': 'Website',
  'url.asSent': 'So sendet Ihr Browser sie:',
  'url.asShown': 'In internationalen Zeichen geschrieben als:',
  'url.address': 'Vollständige Adresse',
  'url.showFull': {
    one: 'Vollständige Adresse anzeigen ({count} Zeichen)',
    other: 'Vollständige Adresse anzeigen ({count} Zeichen)',
  },
  'url.showShort': 'Gekürzte Adresse anzeigen',
  'url.hidden': { one: '{count} Zeichen ausgeblendet', other: '{count} Zeichen ausgeblendet' },
  'url.warnings': {
    one: 'Vor dem Öffnen prüfen: {count} Warnung',
    other: 'Vor dem Öffnen prüfen: {count} Warnungen',
  },
  'url.blocked': 'Diese Adresse kann nicht geöffnet werden.',
  'warning.userinfo':
    'Der Text vor „@“ in dieser Adresse ist nicht das Ziel: Ihr Browser würde {host} öffnen. Seriöse Links brauchen so etwas nicht.',
  'warning.mixed-script':
    'Der Name der Website mischt Buchstaben verschiedener Alphabete. Ähnlich aussehende Buchstaben sind ein häufiger Trick, um eine bekannte Website nachzuahmen.',
  'warning.confusable':
    'Der Name der Website ist in Buchstaben geschrieben, die wie lateinische aussehen: Es ist eine andere Adresse als die, der sie ähnelt.',
  'warning.punycode':
    'Der Name der Website enthält internationale Zeichen; Ihr Browser öffnet ihn als {ascii}. Vergleichen Sie genau.',
  'warning.domain-in-subdomain':
    'Die Adresse beginnt mit einem scheinbar bekannten Namen, aber die Website ist {site}. Das ist ein häufiger Phishing-Trick.',
  'warning.ip-address':
    'Die Adresse verweist auf die IP-Adresse {ascii}, nicht auf eine benannte Website; es gibt keinen Namen zum Prüfen.',
  'warning.not-https': 'Die Verbindung zu {host} ist nicht verschlüsselt (http statt https).',
  'warning.non-standard-port': 'Die Adresse verwendet Port {port}, was für {site} ungewöhnlich ist.',
  'warning.long-url': {
    one: 'Die Adresse ist {count} Zeichen lang; eine lange Adresse kann verbergen, wohin sie führt. Prüfen Sie die Website: {site}.',
    other:
      'Die Adresse ist {count} Zeichen lang; eine lange Adresse kann verbergen, wohin sie führt. Prüfen Sie die Website: {site}.',
  },
  'wait.status':
    'Wenn Sie dort fertig sind, geht es hier von selbst weiter. Falls nicht, wählen Sie „Jetzt erneut versuchen“.',
  'wait.address': 'Adresse',
};
export default de;
