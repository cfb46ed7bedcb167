import type { Translation } from '../catalog.js';
import type { ValidationMessageKey } from './en.js';

/** Core's validation messages in Japanese (polite form; Japanese has one plural form, `other`). */
const ja: Translation<ValidationMessageKey> = {
  required: '回答を入力してください。',
  'required.choice': '選択肢を選んでください。',
  'required.boolean': '「はい」か「いいえ」を選んでください。',
  'too-short': { other: '{count}文字以上で入力してください。' },
  'too-long': { other: '{count}文字以内で入力してください。' },
  'format.email': 'メールアドレスを入力してください（例: name@example.com）。',
  'format.uri': '完全なウェブアドレスを入力してください（例: https://example.com/page）。',
  'format.date': '正しい日付を入力してください。',
  'format.date-time': '正しい日付と時刻を入力してください。',
  pattern: '想定された形式で入力されていません。',
  'pattern.hint': '想定された形式で入力されていません。説明: {hint}',
  'pattern.example': '想定された形式で入力されていません。例: {example}',
  'pattern.refused':
    'この項目は検証できないため、送信できません。代わりに「拒否」か「キャンセル」を選んでください。',
  minimum: '{min}以上の数値を入力してください。',
  maximum: '{max}以下の数値を入力してください。',
  range: '{min}から{max}までの数値を入力してください。',
  'range.integer': '{min}から{max}までの整数を入力してください。',
  'not-integer': '整数を入力してください。',
  'not-a-number': '数値を入力してください（例: 42、3.5）。',
  'not-a-number.integer': '整数を入力してください（例: 42）。',
  'not-finite': '数値を入力してください。',
  type: '回答の型が正しくありません。',
  'not-in-enum': '表示されている選択肢から選んでください。',
  'too-few-items': { other: '{count}個以上選んでください。' },
  'too-many-items': { other: '{count}個以内で選んでください。' },
  'duplicate-items': '同じ選択肢は一度だけ選んでください。',
  'unknown-property': 'この項目はこのフォームにはありません。',
  'not-an-object': '回答がフォームの形式になっていません。',
  'not-accepted.signed-out':
    '回答は送信されていません。サインアウトしています。もう一度サインインしてから、再度送信してください。',
  'not-accepted.forbidden':
    '回答は送信されていません。このページからはアプリに回答できません。アプリから質問を開き、再度送信してください。',
  'not-accepted.not-found': '回答は使われませんでした。この質問はもう受け付けていません。',
  'not-accepted.settled': '回答は使われませんでした。この質問はすでに回答済みか、終了しています。',
  'not-accepted.too-large': '回答が長すぎて送信できません。短くしてから、再度送信してください。',
  'not-accepted.rate-limited': 'この1分間に送信された回答が多すぎます。1分待ってから、再度送信してください。',
  'not-accepted.server': 'サーバーが今は回答を受け取れませんでした。少し待ってから、再度送信してください。',
  'not-accepted.network':
    '回答を送信できませんでした。サーバーに接続できません。接続を確認してから、再度送信してください。',
  invalid: 'この回答は受け付けられません。',
};
export default ja;
