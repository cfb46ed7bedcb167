import { loadWords } from '../i18n/messages.js';
import { say } from '../i18n/phrase.js';
import { describeError } from './describe-error.js';

/** Loads `@elicitkit/doctor`, an optional peer; undefined (said on stderr) when it is not installed. */
export async function loadDoctor(locale: string): Promise<typeof import('@elicitkit/doctor') | undefined> {
  try {
    return await import('@elicitkit/doctor');
  } catch (error) {
    const { t } = await loadWords(locale);
    process.stderr.write(`elicit: ${say(t, { key: 'doctor.missing' })} (${say(t, describeError(error))})\n`);
    return undefined;
  }
}
