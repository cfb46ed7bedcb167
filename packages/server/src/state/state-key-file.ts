import { loadOrCreateSecretFile } from '../files/secret-file.js';

export const STATE_KEY_FILE = 'request-state.key';

/**
 * For development and the demo: the `requestState` key in `<dir>/request-state.key`, created (mode 0600, directory
 * 0700) when missing, so flows in progress survive a restart. Production passes `ELICITKIT_STATE_KEY` instead, the
 * same on every instance. Node only; the form path itself needs none of this.
 */
export function loadOrCreateStateKeyFile(dir: string): Promise<string> {
  return loadOrCreateSecretFile(dir, STATE_KEY_FILE);
}
