import { randomBytes } from 'node:crypto';

/** 32 random bytes: 256 bits, well above the 128 the issue asks for (E-14: unique, opaque). */
const ID_BYTES = 32;
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh `elicitationId`: unguessable, base64url, carries no data of its own (E-45). */
export function mintElicitationId(): string {
  return randomBytes(ID_BYTES).toString('base64url');
}

/** Whether `value` has the exact shape `mintElicitationId` produces; anything else is unknown, without a lookup. */
export function isWellFormedElicitationId(value: string): boolean {
  return ID_PATTERN.test(value);
}
