import type { Translation } from '../catalog.js';
import type { ValidationMessageKey } from './en.js';

/** Core's validation messages in German (Sie-Form, as German forms address people). */
const de: Translation<ValidationMessageKey> = {
  required: 'Geben Sie eine Antwort ein.',
  'required.choice': 'Wählen Sie eine Option aus.',
  'required.boolean': 'Wählen Sie Ja oder Nein.',
  'too-short': {
    one: 'Geben Sie mindestens {count} Zeichen ein.',
    other: 'Geben Sie mindestens {count} Zeichen ein.',
  },
  'too-long': {
    one: 'Geben Sie höchstens {count} Zeichen ein.',
    other: 'Geben Sie höchstens {count} Zeichen ein.',
  },
  'format.email': 'Geben Sie eine E-Mail-Adresse ein, z. B. name@example.com.',
  'format.uri': 'Geben Sie eine vollständige Webadresse ein, z. B. https://example.com/seite.',
  'format.date': 'Geben Sie ein gültiges Datum ein.',
  'format.date-time': 'Geben Sie ein gültiges Datum mit Uhrzeit ein.',
  pattern: 'Die Eingabe hat nicht die erwartete Form.',
  'pattern.hint': 'Die Eingabe hat nicht die erwartete Form. Erwartet: {hint}',
  'pattern.example': 'Die Eingabe hat nicht die erwartete Form. Beispiel: {example}',
  'pattern.refused':
    'Dieses Feld kann nicht geprüft und deshalb nicht gesendet werden. Lehnen Sie stattdessen ab oder brechen Sie ab.',
  minimum: 'Geben Sie eine Zahl von mindestens {min} ein.',
  maximum: 'Geben Sie eine Zahl von höchstens {max} ein.',
  range: 'Geben Sie eine Zahl von {min} bis {max} ein.',
  'range.integer': 'Geben Sie eine ganze Zahl von {min} bis {max} ein.',
  'not-integer': 'Geben Sie eine ganze Zahl ein.',
  'not-a-number': 'Geben Sie eine Zahl ein, z. B. 42 oder 3.5.',
  'not-a-number.integer': 'Geben Sie eine ganze Zahl ein, z. B. 42.',
  'not-finite': 'Geben Sie eine Zahl ein.',
  type: 'Diese Antwort hat den falschen Typ.',
  'not-in-enum': 'Wählen Sie eine der angezeigten Optionen.',
  'too-few-items': {
    one: 'Wählen Sie mindestens {count} Option.',
    other: 'Wählen Sie mindestens {count} Optionen.',
  },
  'too-many-items': {
    one: 'Wählen Sie höchstens {count} Option.',
    other: 'Wählen Sie höchstens {count} Optionen.',
  },
  'duplicate-items': 'Wählen Sie jede Option nur einmal.',
  'unknown-property': 'Dieses Feld gehört nicht zu diesem Formular.',
  'not-an-object': 'Die Antwort hat nicht die Form eines Formulars.',
  'not-accepted.signed-out':
    'Ihre Antworten wurden nicht gesendet: Sie sind abgemeldet. Melden Sie sich erneut an und senden Sie sie dann noch einmal.',
  'not-accepted.forbidden':
    'Ihre Antworten wurden nicht gesendet: Diese Seite darf nicht für die App antworten. Öffnen Sie die Frage in der App selbst und senden Sie sie dann noch einmal.',
  'not-accepted.not-found': 'Ihre Antworten wurden nicht verwendet: Diese Frage ist nicht mehr offen.',
  'not-accepted.settled':
    'Ihre Antworten wurden nicht verwendet: Diese Frage wurde bereits beantwortet oder geschlossen.',
  'not-accepted.too-large':
    'Ihre Antworten sind zu lang zum Senden. Kürzen Sie sie und senden Sie sie dann noch einmal.',
  'not-accepted.rate-limited':
    'In der letzten Minute wurden zu viele Antworten gesendet. Warten Sie eine Minute und senden Sie sie dann noch einmal.',
  'not-accepted.server':
    'Der Server konnte Ihre Antworten gerade nicht annehmen. Senden Sie sie gleich noch einmal.',
  'not-accepted.network':
    'Ihre Antworten konnten nicht gesendet werden: Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und senden Sie sie dann noch einmal.',
  invalid: 'Diese Antwort wird nicht angenommen.',
};
export default de;
