import type { Phrase } from '../i18n/phrase.js';
import type { SignInChoice } from './sign-in.js';

/** The sign-in options, as `parseArgs` gave them. */
export interface SignInValues {
  'no-browser'?: boolean;
  'client-id'?: string;
  'client-secret'?: string;
  'callback-port'?: string;
  'no-resource-indicator'?: boolean;
}

export const SIGN_IN_OPTIONS = {
  'no-browser': { type: 'boolean' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'callback-port': { type: 'string' },
  'no-resource-indicator': { type: 'boolean' },
} as const;

/**
 * How `elicit` signs in, from its options. With `--client-id`, the secret may come from `ELICIT_CLIENT_SECRET`
 * instead, so it is not in the process list.
 */
export function signInChoice(values: SignInValues, env: NodeJS.ProcessEnv): SignInChoice | Phrase {
  if (values['client-secret'] !== undefined && values['client-id'] === undefined) {
    return { key: 'cli.secret-without-id' };
  }
  // The variable serves a pre-registered client only: set for one server, it must not stop the others.
  const secret =
    values['client-id'] === undefined ? undefined : (values['client-secret'] ?? env.ELICIT_CLIENT_SECRET);
  let callbackPort: number | undefined;
  if (values['callback-port'] !== undefined) {
    callbackPort = Number(values['callback-port']);
    if (!/^\d{1,5}$/.test(values['callback-port']) || callbackPort < 1 || callbackPort > 65535) {
      return {
        key: 'cli.callback-port',
        params: { given: JSON.stringify(values['callback-port'].slice(0, 40)) },
      };
    }
  }
  return {
    browser: values['no-browser'] !== true,
    resourceIndicator: values['no-resource-indicator'] !== true,
    ...(values['client-id'] !== undefined && { clientId: values['client-id'] }),
    ...(secret !== undefined && { clientSecret: secret }),
    ...(callbackPort !== undefined && { callbackPort }),
  };
}
