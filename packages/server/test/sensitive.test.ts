import { describe, expect, it } from 'vitest';
import { findSecretPhrase, findSensitiveFields, normalizeWords } from '../src/form/sensitive.js';

describe('[E-01] secret-looking fields', () => {
  it('[E-01] normalizes common spellings to words', () => {
    expect(normalizeWords('apiKey')).toBe('api key');
    expect(normalizeWords('API_KEY')).toBe('api key');
    expect(normalizeWords('x-api-key')).toBe('x api key');
    expect(normalizeWords('OAuth2Token')).toBe('o auth2 token');
    expect(normalizeWords('2FA')).toBe('2fa');
    expect(normalizeWords('Card Number:')).toBe('card number');
  });

  it.each([
    'password',
    'newPassword',
    'pass_word',
    'passwd',
    'Passphrase',
    'passcode',
    'PIN',
    'pin_code',
    'clientSecret',
    'api_key',
    'apikey',
    'ApiKey',
    'x-api-key',
    'accessToken',
    'refresh_token',
    'GITHUB_TOKEN',
    'private-key',
    'AWS secret access key',
    'credentials',
    'Your one-time password',
    'One-time code',
    'otp',
    '2FA code',
    'cardNumber',
    'credit card',
    'CVV',
    'cvc2',
    'Security code (3 digits)',
    'IBAN',
    'ssn',
    'Social Security Number',
    'recovery phrase',
    'seed phrase',
  ])('[E-01] flags %s', (text) => {
    expect(findSecretPhrase(text)).toBeDefined();
  });

  it.each([
    'name',
    'email',
    'username',
    'shipping address',
    'keyboard layout',
    'spinach',
    'passenger count',
    'tokenizer',
    'opinion',
  ])('[E-01] leaves %s alone (contact and profile data are the server’s call)', (text) => {
    expect(findSecretPhrase(text)).toBeUndefined();
  });

  it('[E-01] reports the field, where the phrase is, and the phrase', () => {
    const findings = findSensitiveFields({
      type: 'object',
      properties: {
        name: { type: 'string' },
        code: { type: 'string', title: 'Verification' },
        value: { type: 'string', description: 'Paste your API key here' },
        pwd: { type: 'string' },
      },
    });
    expect(findings).toEqual([
      { field: 'value', in: 'description', match: 'api key' },
      { field: 'pwd', in: 'name', match: 'pwd' },
    ]);
  });

  it('[E-01] a description that names a secret to rule it out does not ask for it; one that asks still does', () => {
    const field = (description: string) =>
      findSensitiveFields({ type: 'object', properties: { value: { type: 'integer', description } } });
    // The reference server-everything's own wording.
    expect(
      field('Your favorite integer (do not give us your phone number, pin, or other sensitive info)'),
    ).toEqual([]);
    expect(field('Never share your password: this is your nickname')).toEqual([]);
    expect(field('Enter your PIN, do not share it')).toEqual([
      { field: 'value', in: 'description', match: 'pin' },
    ]);
    expect(field('Your PIN (never shared with anyone)')).toEqual([
      { field: 'value', in: 'description', match: 'pin' },
    ]);
  });
});
