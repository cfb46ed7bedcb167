import { fileSignInStore, loopbackRedirect } from '@elicitkit/client/node';
import { createSignIn } from '@elicitkit/client/sign-in';
import { loadWords } from '../i18n/messages.js';
import { say } from '../i18n/phrase.js';
import { safeLine } from '../ui/text.js';
import type { Command } from './args.js';
import { ExitCode } from './exit-codes.js';
import { signInFailure } from './sign-in.js';

/** `elicit logout <url>`: forgets the sign-in to that server, revoking its tokens where the server allows. */
export async function runLogout(command: Extract<Command, { name: 'logout' }>): Promise<number> {
  const { t } = await loadWords(command.locale);
  const server = safeLine(command.server.href, 2000);
  const signIn = createSignIn({
    serverUrl: command.server,
    store: fileSignInStore(),
    redirect: loopbackRedirect(),
    client: {
      name: 'elicit',
      ...(command.signIn.clientId !== undefined && { clientId: command.signIn.clientId }),
      ...(command.signIn.clientSecret !== undefined && { clientSecret: command.signIn.clientSecret }),
    },
    announce: () => {},
  });
  try {
    const { revoked, forgotten } = await signIn.signOut();
    const key = !forgotten ? 'logout.none' : revoked ? 'logout.revoked' : 'logout.forgotten';
    process.stderr.write(`elicit: ${t.t(key, { server })}\n`);
    return ExitCode.Ok;
  } catch (error) {
    const failure = signInFailure(error);
    if (!failure) throw error;
    process.stderr.write(`elicit: ${say(t, failure.phrase)}\n`);
    return failure.exitCode;
  } finally {
    await signIn.close();
  }
}
