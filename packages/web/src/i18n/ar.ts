import type { Translation } from '@elicitkit/core';
import type { WebMessageKey } from './en.js';

/**
 * The web UI in Arabic (Modern Standard Arabic; quotation marks «…»). Counts are phrased as "the number
 * of …: n", which reads correctly for every number without Arabic's noun agreement.
 */
const ar: Translation<WebMessageKey> = {
  'kind.form': 'طلب نموذج',
  'kind.url': 'يريد فتح صفحة ويب',
  'kind.wait': 'في انتظار أن تنتهي في علامة التبويب الأخرى',
  'header.from': 'من {server}',
  'dialog.form': 'طلب نموذج من {server}',
  'dialog.url': 'طلب لفتح صفحة ويب من {server}',
  'dialog.wait': 'في انتظار صفحة ويب من {server}',
  'action.review': 'مراجعة الإجابات',
  'action.submit': 'إرسال',
  'action.edit': 'تعديل الإجابات',
  'action.confirm': 'تأكيد',
  'action.decline': 'رفض',
  'action.cancel': 'إلغاء',
  'action.open': 'فتح في علامة تبويب جديدة',
  'action.retry': 'إعادة المحاولة الآن',
  'review.heading': 'راجع إجاباتك',
  'summary.heading': 'توجد مشكلة',
  'summary.notAccepted': 'لم تُقبل إجاباتك الأخيرة',
  'summary.entry': '{field}: {message}',
  'error.prefix': 'خطأ:',
  'field.optional': '(اختياري)',
  'answer.yes': 'نعم',
  'answer.no': 'لا',
  'answer.none': 'بلا إجابة',
  'answer.unanswered': 'لم تتم الإجابة',
  'select.choose': 'اختر…',
  'hint.choices': 'اختر من {min} إلى {max}.',
  'hint.choicesAtLeast': 'اختر {count} على الأقل.',
  'hint.choicesAtMost': 'اختر {count} على الأكثر.',
  'hint.range': 'من {min} إلى {max}.',
  'hint.atLeast': '{min} على الأقل.',
  'hint.atMost': '{max} على الأكثر.',
  'hint.length': 'عدد الأحرف من {min} إلى {max}.',
  'hint.lengthAtLeast': { other: 'عدد الأحرف {count} على الأقل.' },
  'hint.lengthAtMost': { other: 'عدد الأحرف {count} على الأكثر.' },
  'hint.dateTime': 'بتوقيتك المحلي: {zone} (UTC{offset}).',
  'list.filter': 'اكتب لتصفية القائمة',
  'list.status': { other: 'المعروض {shown} من أصل {count} من الخيارات.' },
  'list.selected': 'المختار: {choices}.',
  'list.noMatch': 'لا يوجد خيار مطابق.',
  'pattern.details': 'تفاصيل تقنية',
  'pattern.rule': 'يجب أن تطابق الإجابة هذا التعبير النمطي:',
  'url.site': 'الموقع',
  'url.asSent': 'كما يرسله متصفحك:',
  'url.asShown': 'مكتوبًا بأحرف دولية هكذا:',
  'url.address': 'العنوان الكامل',
  'url.showFull': { other: 'عرض العنوان الكامل (عدد الأحرف: {count})' },
  'url.showShort': 'عرض العنوان المختصر',
  'url.hidden': { other: 'عدد الأحرف المخفية: {count}' },
  'url.warnings': { other: 'تحقق قبل الفتح: عدد التحذيرات {count}' },
  'url.blocked': 'لا يمكن فتح هذا العنوان.',
  'warning.userinfo':
    'النص الذي يسبق «@» في هذا العنوان ليس الوجهة: سيفتح متصفحك {host}. الروابط الموثوقة لا تحتاج إلى ذلك.',
  'warning.mixed-script':
    'يخلط اسم الموقع بين أحرف من أبجديات مختلفة. الأحرف المتشابهة حيلة شائعة لتقليد موقع مألوف.',
  'warning.confusable':
    'اسم الموقع مكتوب بأحرف تشبه الأحرف اللاتينية: إنه عنوان مختلف عن العنوان الذي يشبهه.',
  'warning.punycode': 'يحتوي اسم الموقع على أحرف دولية، ويفتحه متصفحك باسم {ascii}. قارن بعناية.',
  'warning.domain-in-subdomain':
    'يبدأ العنوان بما يشبه اسمًا مألوفًا، لكن الموقع هو {site}. هذه حيلة تصيّد شائعة.',
  'warning.ip-address': 'يشير العنوان إلى عنوان IP هو {ascii} وليس إلى موقع له اسم، فلا يوجد اسم للتحقق منه.',
  'warning.not-https': 'الاتصال بالمضيف {host} غير مشفر (http وليس https).',
  'warning.non-standard-port': 'يستخدم العنوان المنفذ {port}، وهذا غير معتاد للموقع {site}.',
  'warning.long-url': {
    other: 'عدد أحرف العنوان {count}؛ قد يخفي العنوان الطويل وجهته الحقيقية. تحقق من الموقع: {site}.',
  },
  'wait.status': 'عندما تنتهي هناك، سيستمر هذا تلقائيًا. وإن لم يحدث، فاختر «إعادة المحاولة الآن».',
  'wait.address': 'العنوان',
};
export default ar;
