import type { Translation } from '../catalog.js';
import type { UrlWarningMessageKey } from './en.js';

/** Core's URL warnings in Japanese (polite form; 「…」 quotes; one plural form, `other`). */
const ja: Translation<UrlWarningMessageKey> = {
  'url.blocked': 'このアドレスは開けません。',
  'warning.userinfo':
    'このアドレスの「@」より前の文字列は行き先ではありません。ブラウザーが開くのは {host} です。正規のリンクにこのような書き方は不要です。',
  'warning.mixed-script':
    'サイト名に異なる文字体系の文字が混在しています。見た目が似た文字は、よく知られたサイトを装う一般的な手口です。',
  'warning.confusable':
    'サイト名はラテン文字に似た別の文字で書かれています。似ているアドレスとは別のアドレスです。',
  'warning.punycode':
    'サイト名に国際文字が含まれています。ブラウザーは {ascii} として開きます。よく見比べてください。',
  'warning.domain-in-subdomain':
    'アドレスはよく知られた名前のように始まっていますが、サイトは {site} です。よくあるフィッシングの手口です。',
  'warning.ip-address':
    'このアドレスは名前のあるサイトではなく IP アドレス {ascii} を指しているため、確認できる名前がありません。',
  'warning.not-https': '{host} への接続は暗号化されていません（https ではなく http）。',
  'warning.non-standard-port': 'このアドレスはポート {port} を使っています。{site} としては珍しい設定です。',
  'warning.long-url': {
    other:
      'このアドレスは{count}文字あります。長いアドレスは行き先を隠すことがあります。サイトを確認してください: {site}。',
  },
};

export default ja;
