import { ClientErrorCode } from '@elicitkit/client';
import { fileSignInStore, loopbackRedirect, systemBrowserOpener } from '@elicitkit/client/node';
import { createSignIn, type SignIn, type SignInRequest } from '@elicitkit/client/sign-in';
import { analyzeUrl, isElicitkitError, PeerError, urlWarningMessage } from '@elicitkit/core';
import type { Words } from '../i18n/messages.js';
import type { Phrase } from '../i18n/phrase.js';
import { safeLine } from '../ui/text.js';
import { isLoopback } from './bridge-args.js';
import { CliError } from './errors.js';

/** How `elicit` signs in to a server that asks for it: `--no-browser`, `--client-id`… */
export interface SignInChoice {
  /** False with `--no-browser`: the address is printed, nothing is opened. */
  browser: boolean;
  clientId?: string;
  clientSecret?: string;
  /** `--callback-port`: the loopback port an authorization server without dynamic registration knows. */
  callbackPort?: number;
  /** False with `--no-resource-indicator`: for authorization servers that refuse RFC 8707's parameter. */
  resourceIndicator: boolean;
}

/**
 * Shows a sign-in as a URL elicitation is shown (E-49, E-52, E-55): the address is checked first and refused
 * if unsafe, then one line names the site and gives the whole address, warnings follow, and the browser opens
 * unless `--no-browser`. Everything from the authorization server is neutralized before it is printed.
 */
function announcer(choice: SignInChoice, words: Words, log: (phrase: Phrase) => void) {
  const open = systemBrowserOpener();
  return async ({ url, server }: SignInRequest) => {
    const analysis = analyzeUrl(url.href, {
      allowInsecureHttp: isLoopback(url.hostname.replace(/^\[|\]$/g, '')),
    });
    if (!analysis.allowed) {
      throw new PeerError(
        ClientErrorCode.SignInFailed,
        `The authorization server's sign-in address was refused: ${analysis.blockMessage}`,
        { details: { server, reason: 'url-blocked' } },
      );
    }
    const site = analysis.display.registrableDomain ?? analysis.display.hostUnicode;
    log({
      key: 'sign-in.line',
      params: {
        site: safeLine(site, 300),
        server: safeLine(server, 300),
        url: safeLine(analysis.href, 8192),
      },
    });
    for (const warning of analysis.warnings) {
      log({
        key: 'sign-in.warning',
        params: {
          text: safeLine(
            urlWarningMessage(warning, words.url, {
              site,
              host: analysis.display.hostUnicode,
              ascii: analysis.display.hostAscii,
              port: analysis.display.port ?? '',
              scheme: analysis.display.scheme,
              length: analysis.href.length,
            }),
            600,
          ),
        },
      });
    }
    if (!choice.browser) return;
    try {
      await open(analysis.href);
    } catch (error) {
      log({
        key: 'sign-in.no-browser',
        params: { reason: safeLine(error instanceof Error ? error.message : String(error), 300) },
      });
    }
  };
}

/** The sign-in `elicit` uses for an HTTP server: files under the config directory, a loopback redirect. */
export function terminalSignIn(
  serverUrl: URL,
  choice: SignInChoice,
  words: Words,
  log: (phrase: Phrase) => void,
): SignIn {
  return createSignIn({
    serverUrl,
    store: fileSignInStore(),
    redirect: loopbackRedirect(choice.callbackPort === undefined ? {} : { port: choice.callbackPort }),
    client: {
      name: 'elicit (elicitkit terminal host)',
      ...(choice.clientId !== undefined && { clientId: choice.clientId }),
      ...(choice.clientSecret !== undefined && { clientSecret: choice.clientSecret }),
    },
    resourceIndicator: choice.resourceIndicator,
    announce: announcer(choice, words, log),
  });
}

/** A sign-in that did not complete, as the CLI reports it (exit 4). */
export function signInFailure(error: unknown): CliError | undefined {
  if (!isElicitkitError(error)) return undefined;
  const codes: readonly string[] = [
    ClientErrorCode.SignInFailed,
    ClientErrorCode.SignInRefused,
    ClientErrorCode.SignInTimeout,
    ClientErrorCode.TokenStoreUnsafe,
  ];
  if (!codes.includes(error.code)) return undefined;
  if ((error.details as { reason?: unknown }).reason === 'no-sign-in-offered') {
    // Not a sign-in at all: the server wants credentials it does not say how to get, as before sign-in existed.
    return new CliError(
      'unreachable',
      {
        key: 'error.unreachable',
        params: {
          target: safeLine((error.details as { server: string }).server, 2000),
          reason: { key: 'net.http-unauthorized', params: { status: '401 Unauthorized' } },
        },
      },
      { cause: error },
    );
  }
  return new CliError(
    'sign-in',
    { key: 'error.sign-in', params: { reason: safeLine(error.message, 600) } },
    { cause: error },
  );
}
