import type { Translation } from '../catalog.js';
import type { ValidationMessageKey } from './en.js';

/**
 * Core's validation messages in Arabic (Modern Standard Arabic, imperative as Arabic forms address people).
 * Counted nouns follow Arabic agreement: the plural category (`Intl.PluralRules('ar')`) picks the form.
 */
const ar: Translation<ValidationMessageKey> = {
  required: 'أدخل إجابة.',
  'required.choice': 'اختر أحد الخيارات.',
  'required.boolean': 'اختر نعم أو لا.',
  'too-short': {
    zero: 'أدخل {count} حرف على الأقل.',
    one: 'أدخل حرفًا واحدًا على الأقل.',
    two: 'أدخل حرفين على الأقل.',
    few: 'أدخل {count} أحرف على الأقل.',
    many: 'أدخل {count} حرفًا على الأقل.',
    other: 'أدخل {count} حرف على الأقل.',
  },
  'too-long': {
    zero: 'أدخل {count} حرف على الأكثر.',
    one: 'أدخل حرفًا واحدًا على الأكثر.',
    two: 'أدخل حرفين على الأكثر.',
    few: 'أدخل {count} أحرف على الأكثر.',
    many: 'أدخل {count} حرفًا على الأكثر.',
    other: 'أدخل {count} حرف على الأكثر.',
  },
  'format.email': 'أدخل عنوان بريد إلكتروني، مثل name@example.com.',
  'format.uri': 'أدخل عنوان ويب كاملًا، مثل https://example.com/page.',
  'format.date': 'أدخل تاريخًا صحيحًا.',
  'format.date-time': 'أدخل تاريخًا ووقتًا صحيحين.',
  pattern: 'الإدخال ليس بالصيغة المتوقعة.',
  'pattern.hint': 'الإدخال ليس بالصيغة المتوقعة. المتوقع: {hint}',
  'pattern.example': 'الإدخال ليس بالصيغة المتوقعة. مثال: {example}',
  'pattern.refused': 'لا يمكن التحقق من هذا الحقل، لذا لا يمكن إرساله. ارفض الطلب أو ألغِه بدلًا من ذلك.',
  minimum: 'أدخل رقمًا لا يقل عن {min}.',
  maximum: 'أدخل رقمًا لا يزيد على {max}.',
  range: 'أدخل رقمًا من {min} إلى {max}.',
  'range.integer': 'أدخل عددًا صحيحًا من {min} إلى {max}.',
  'not-integer': 'أدخل عددًا صحيحًا.',
  'not-a-number': 'أدخل رقمًا، مثل 42 أو 3.5.',
  'not-a-number.integer': 'أدخل عددًا صحيحًا، مثل 42.',
  'not-finite': 'أدخل رقمًا.',
  type: 'نوع هذه الإجابة غير صحيح.',
  'not-in-enum': 'اختر أحد الخيارات المعروضة.',
  'too-few-items': {
    zero: 'اختر {count} خيار على الأقل.',
    one: 'اختر خيارًا واحدًا على الأقل.',
    two: 'اختر خيارين على الأقل.',
    few: 'اختر {count} خيارات على الأقل.',
    many: 'اختر {count} خيارًا على الأقل.',
    other: 'اختر {count} خيار على الأقل.',
  },
  'too-many-items': {
    zero: 'اختر {count} خيار على الأكثر.',
    one: 'اختر خيارًا واحدًا على الأكثر.',
    two: 'اختر خيارين على الأكثر.',
    few: 'اختر {count} خيارات على الأكثر.',
    many: 'اختر {count} خيارًا على الأكثر.',
    other: 'اختر {count} خيار على الأكثر.',
  },
  'duplicate-items': 'اختر كل خيار مرة واحدة فقط.',
  'unknown-property': 'هذا الحقل ليس من حقول هذا النموذج.',
  'not-an-object': 'الإجابة ليست بصيغة نموذج.',
  'not-accepted.signed-out': 'لم تُرسَل إجاباتك: لقد سُجِّل خروجك. سجِّل الدخول مرة أخرى، ثم أرسلها من جديد.',
  'not-accepted.forbidden':
    'لم تُرسَل إجاباتك: لا يُسمح لهذه الصفحة بالإجابة عن التطبيق. افتح السؤال من التطبيق نفسه، ثم أرسلها من جديد.',
  'not-accepted.not-found': 'لم تُستخدم إجاباتك: هذا السؤال لم يعد مفتوحًا.',
  'not-accepted.settled': 'لم تُستخدم إجاباتك: تمت الإجابة عن هذا السؤال أو أُغلق.',
  'not-accepted.too-large': 'إجاباتك أطول من أن تُرسَل. اختصرها، ثم أرسلها من جديد.',
  'not-accepted.rate-limited': 'أُرسلت إجابات كثيرة جدًا في الدقيقة الأخيرة. انتظر دقيقة، ثم أرسلها من جديد.',
  'not-accepted.server': 'تعذّر على الخادم استلام إجاباتك الآن. أرسلها من جديد بعد قليل.',
  'not-accepted.network': 'تعذّر إرسال إجاباتك: لا يمكن الوصول إلى الخادم. تحقّق من اتصالك، ثم أرسلها من جديد.',
  invalid: 'هذه الإجابة غير مقبولة.',
};
export default ar;
