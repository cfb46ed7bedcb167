import { createHash, timingSafeEqual } from 'node:crypto';

/** Checks a username and password; returns the user id, or undefined. */
export interface UserDirectory {
  /** The user id for these credentials, or undefined when they are wrong. */
  verify(username: string, password: string): string | undefined | Promise<string | undefined>;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * A fixed table of users and passwords, for demos and tests only (no hashing at rest). Comparison takes the
 * same time whether the user exists or not.
 */
export function staticUsers(passwords: Record<string, string>): UserDirectory {
  const table = new Map(Object.entries(passwords).map(([user, password]) => [user, digest(password)]));
  const decoy = digest('elicitkit.decoy');
  return {
    verify(username, password) {
      const expected = table.get(username);
      const matches = timingSafeEqual(digest(password), expected ?? decoy);
      return expected && matches ? username : undefined;
    },
  };
}
