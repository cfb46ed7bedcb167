import type { Translation } from '../catalog.js';
import type { UrlWarningMessageKey } from './en.js';

/** Core's URL warnings in Arabic (Modern Standard Arabic; quotation marks «…»; the plural category picks the form). */
const ar: Translation<UrlWarningMessageKey> = {
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
};

export default ar;
