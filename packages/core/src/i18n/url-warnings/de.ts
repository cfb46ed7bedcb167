import type { Translation } from '../catalog.js';
import type { UrlWarningMessageKey } from './en.js';

/** Core's URL warnings in German (Sie-Form; quotation marks „…“). */
const de: Translation<UrlWarningMessageKey> = {
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
};

export default de;
