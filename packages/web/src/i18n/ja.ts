import type { Translation } from '@elicitkit/core';
import type { WebMessageKey } from './en.js';

/** The web UI in Japanese (polite form; one plural form, `other`; quotation marks 「…」). */
const ja: Translation<WebMessageKey> = {
  'kind.form': 'フォームの依頼',
  'kind.url': 'ウェブページを開こうとしています',
  'kind.wait': '別のタブでの操作が終わるのを待っています',
  'header.from': '依頼元: {server}',
  'dialog.form': '{server} からのフォームの依頼',
  'dialog.url': '{server} からのウェブページを開く依頼',
  'dialog.wait': '{server} のウェブページを待っています',
  'action.review': '回答を確認',
  'action.submit': '送信',
  'action.edit': '回答を編集',
  'action.confirm': '確定',
  'action.decline': '拒否',
  'action.cancel': 'キャンセル',
  'action.open': '新しいタブで開く',
  'action.retry': '今すぐ再試行',
  'review.heading': '回答の確認',
  'summary.heading': '問題があります',
  'summary.notAccepted': '前回の回答は受け付けられませんでした',
  'summary.entry': '{field}：{message}',
  'error.prefix': 'エラー:',
  'field.optional': '（任意）',
  'answer.yes': 'はい',
  'answer.no': 'いいえ',
  'answer.none': '回答しない',
  'answer.unanswered': '未回答',
  'select.choose': '選択してください…',
  'hint.choices': '{min}〜{max}個選んでください。',
  'hint.choicesAtLeast': '{count}個以上選んでください。',
  'hint.choicesAtMost': '{count}個まで選べます。',
  'hint.range': '{min}から{max}まで。',
  'hint.atLeast': '{min}以上。',
  'hint.atMost': '{max}以下。',
  'hint.length': '{min}文字から{max}文字まで。',
  'hint.lengthAtLeast': { other: '{count}文字以上。' },
  'hint.lengthAtMost': { other: '{count}文字以内。' },
  'hint.dateTime': '現地時刻で入力してください: {zone}（UTC{offset}）。',
  'list.filter': '入力して一覧を絞り込み',
  'list.status': { other: '{count}件中{shown}件を表示。' },
  'list.selected': '選択中: {choices}。',
  'list.noMatch': '一致する選択肢はありません。',
  'pattern.details': '技術的な詳細',
  'pattern.rule': '回答は次の正規表現に一致する必要があります:',
  'url.site': 'サイト',
  'url.asSent': 'ブラウザーが送信する形式:',
  'url.asShown': '国際文字での表記:',
  'url.address': '完全なアドレス',
  'url.showFull': { other: '完全なアドレスを表示（{count}文字）' },
  'url.showShort': '短縮したアドレスを表示',
  'url.hidden': { other: '{count}文字を省略' },
  'url.warnings': { other: '開く前に確認してください: 警告{count}件' },
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
  'wait.status':
    'あちらで完了すると、ここは自動的に続行します。続行しない場合は「今すぐ再試行」を選んでください。',
  'wait.address': 'アドレス',
};
export default ja;
