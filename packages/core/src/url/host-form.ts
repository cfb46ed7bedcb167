import { imitatedLatinName, isMixedScript, scriptsOf } from './scripts.js';
import type { UrlDisplay } from './url-types.js';

/**
 * Latin-script letters that pass for plain ASCII ones in common fonts (UTS #39 confusables: dotless ı,
 * Latin alpha ɑ, script ɡ, dotless ȷ, iota ɩ, …). A label with one of them is shown in ASCII, as Chromium
 * does for labels whose skeleton is a familiar name.
 */
const LATIN_LOOKALIKES = /[ıɑɡȷɩʟɪʏᴀᴄᴅᴇᴊᴋᴍᴏᴘᴛᴜᴠᴡᴢḃḋḟṁṗṡṫẇẋẏ]/u;
/** A non-ASCII character that is not a letter or a mark: symbols, fullwidth digits and punctuation. */
const NON_ASCII_NON_LETTER = /[^\x00-\x7f\p{L}\p{M}]/u;
/** A combining mark, which on Latin, Greek or Cyrillic letters can make one pass for another (`i` + U+0307). */
const MARK = /\p{M}/u;
const MARKED_SCRIPTS = ['Latin', 'Greek', 'Cyrillic'];

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

/** Whether one Unicode label could pass for another name: the IDN display policy below, per label. */
function isDeceptiveLabel(label: string): boolean {
  if (isAscii(label)) return false;
  const scripts = scriptsOf(label);
  return (
    isMixedScript(scripts) ||
    imitatedLatinName(label, scripts) !== undefined ||
    scripts.includes('another script') ||
    NON_ASCII_NON_LETTER.test(label) ||
    (MARK.test(label) && scripts.some((script) => MARKED_SCRIPTS.includes(script))) ||
    LATIN_LOOKALIKES.test(label)
  );
}

/**
 * Which spelling of the host a consent card names the site by (E-54): `ascii` (the Punycode form the
 * browser sends, `xn--pple-43d.com`) whenever the Unicode form could deceive, else `unicode`
 * (`bücher.de`, `пример.рф`, `例え.jp`), the form a person reads. The policy is Chromium's IDN display
 * policy (chromium.googlesource.com/chromium/src/+/main/docs/idn.md), which builds on UTS #39: a label is
 * shown in ASCII when it mixes scripts beyond the "Highly Restrictive" profile (Latin with Han and kana,
 * Bopomofo or Hangul is allowed), when it is a whole-script confusable of a Latin name (Cyrillic `аррӏе`),
 * when it holds Latin look-alike letters (`ɑ`, `ı`), combining marks on Latin, Greek or Cyrillic letters,
 * symbols, or letters of a script this check does not know. Stricter than Chromium in one way: a look-alike label is shown in ASCII under every top-level
 * domain, Cyrillic ones included.
 */
export function preferredHostForm(
  display: Pick<UrlDisplay, 'hostUnicode' | 'hostAscii'>,
): 'unicode' | 'ascii' {
  if (display.hostUnicode === display.hostAscii) return 'unicode';
  return display.hostUnicode.split('.').some(isDeceptiveLabel) ? 'ascii' : 'unicode';
}
