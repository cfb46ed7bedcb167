import { type Catalog, defineCatalogs } from '@elicitkit/core';

/** The words of the fallback form page (issue 37), in the person's language; field texts are the server's own. */
const EN = {
  title: 'Answer in your browser',
  intro: 'Your app cannot show this form, so it is asked here, on the site of the server that asks.',
  'signed-in': 'Signed in as {user}.',
  optional: '(optional)',
  submit: 'Send answer',
  problem: 'There is a problem',
  'done.title': 'Answer saved',
  'done.body':
    'Go back to your app and ask it to make the same call again ({tool}): it finds your answer there. You can close this tab.',
  'expired.title': 'Link expired',
  'expired.body':
    'This link stopped working before you answered. Go back to your app and make the call again for a new link.',
  'choose-any': 'Choose any that apply.',
} as const satisfies Catalog;

export type PageWordKey = keyof typeof EN;

export const pageWords = /* @__PURE__ */ defineCatalogs<PageWordKey>(EN, {
  de: async () => ({
    default: {
      title: 'Im Browser antworten',
      intro:
        'Ihre App kann dieses Formular nicht anzeigen, daher wird es hier gefragt, auf der Seite des Servers, der fragt.',
      'signed-in': 'Angemeldet als {user}.',
      optional: '(optional)',
      submit: 'Antwort senden',
      problem: 'Es gibt ein Problem',
      'done.title': 'Antwort gespeichert',
      'done.body':
        'Gehen Sie zurück zu Ihrer App und lassen Sie sie denselben Aufruf noch einmal machen ({tool}): Dort findet er Ihre Antwort. Sie können diesen Tab schließen.',
      'expired.title': 'Link abgelaufen',
      'expired.body':
        'Dieser Link galt nicht mehr, bevor Sie geantwortet haben. Gehen Sie zurück zu Ihrer App und machen Sie den Aufruf noch einmal, um einen neuen Link zu erhalten.',
      'choose-any': 'Wählen Sie alles Zutreffende.',
    },
  }),
  ja: async () => ({
    default: {
      title: 'ブラウザーで回答',
      intro:
        'お使いのアプリはこのフォームを表示できないため、質問しているサーバーのサイトであるここで尋ねます。',
      'signed-in': '{user} としてサインイン中です。',
      optional: '（任意）',
      submit: '回答を送信',
      problem: '問題があります',
      'done.title': '回答を保存しました',
      'done.body':
        'アプリに戻り、同じ呼び出し（{tool}）をもう一度行うよう頼んでください。そこで回答が見つかります。このタブは閉じてかまいません。',
      'expired.title': 'リンクの有効期限切れ',
      'expired.body':
        '回答する前にこのリンクは使えなくなりました。アプリに戻って呼び出しをもう一度行い、新しいリンクを受け取ってください。',
      'choose-any': '当てはまるものをすべて選んでください。',
    },
  }),
  ar: async () => ({
    default: {
      title: 'أجب في متصفحك',
      intro: 'لا يستطيع تطبيقك عرض هذا النموذج، لذا يُطرح هنا، على موقع الخادم الذي يسأل.',
      'signed-in': 'مسجّل الدخول باسم {user}.',
      optional: '(اختياري)',
      submit: 'إرسال الإجابة',
      problem: 'هناك مشكلة',
      'done.title': 'حُفظت الإجابة',
      'done.body':
        'ارجع إلى تطبيقك واطلب منه إجراء الاستدعاء نفسه مرة أخرى ({tool}): سيجد إجابتك هناك. يمكنك إغلاق هذا التبويب.',
      'expired.title': 'انتهت صلاحية الرابط',
      'expired.body':
        'توقف هذا الرابط عن العمل قبل أن تجيب. ارجع إلى تطبيقك وأجرِ الاستدعاء مرة أخرى للحصول على رابط جديد.',
      'choose-any': 'اختر كل ما ينطبق.',
    },
  }),
});

/** The languages the person's browser asks for, best first (`Accept-Language`, bounded). */
export function acceptedLanguages(request: Request): string[] {
  const header = (request.headers.get('accept-language') ?? '').slice(0, 512);
  return header
    .split(',')
    .slice(0, 16)
    .map((part) => {
      const [tag = '', q] = part.trim().split(';q=');
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter(({ tag, q }) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && q > 0)
    .sort((a, b) => b.q - a.q)
    .map(({ tag }) => tag);
}
